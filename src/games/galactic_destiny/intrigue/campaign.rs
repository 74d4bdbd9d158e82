//! Campaigns
