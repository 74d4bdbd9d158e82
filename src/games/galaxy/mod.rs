//! Galaxy version 3 (`shared/rules/002_…txt`).
