//! Attempts
