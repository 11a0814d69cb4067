//! What the services stand on besides the database, below them and below both of their callers
//! (`api/` and `pages/`): session tokens and the signed-in caller (`auth`), password hashing
//! (`hasher`), the injected time (`clock`), the host's metrics (`metrics`), the allowances counted per address or account (`ratelimit`), the one CSV writer (`sheet`) and the server's own
//! texts in the caller's language (`localize`), dates and times in those texts as the app writes
//! them (`time_words`), and data kept while the cache scopes it was read from hold (`scoped_cache`). None of it knows a service, a handler or a page.
pub mod auth;
pub mod clock;
pub mod files;
pub mod hasher;
pub mod images;
pub mod localize;
pub mod metrics;
pub mod ratelimit;
pub mod scoped_cache;
pub mod sheet;
pub mod time_words;
