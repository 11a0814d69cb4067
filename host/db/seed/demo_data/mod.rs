//! Static content of the demo world. Places are real, well-known public buildings
//! (public libraries, churches, community centres) at their real street addresses;
//! coordinates are approximate (within a few hundred metres) and were checked against the
//! ZIP centroids of the `zipcodes` PyPI package. Food bank names, web sites, people and
//! phone numbers are invented (example.org, 555 numbers).
mod catalog;
mod content;
mod places;

pub(super) use catalog::*;
pub(super) use content::*;
pub(super) use places::*;
