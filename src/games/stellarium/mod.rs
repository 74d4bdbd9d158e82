//! Stellarium 1.1.3 (`shared/rules/000_…txt`).
