//! `GET /logs/token`: the spec names the call but not its purpose (§7). Read here as
//! the token a client attaches to the error reports it sends to a log collector: a
//! random, opaque value valid for 10 minutes, needing no sign-in (errors happen
//! before login too). This server only issues it; collecting logs is not part of it.
use super::{ApiResult, ok};
use crate::state::AppState;

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use chrono::{DateTime, Duration, SubsecRound, Utc};
use serde::Serialize;
use utoipa_axum::{router::OpenApiRouter, routes};

pub const LOG_TOKEN_LIFETIME: Duration = Duration::minutes(10);

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogToken {
    pub token: String,
    pub expires: DateTime<Utc>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(token))
}

#[utoipa::path(get, path = "/logs/token",
    summary = "A random, opaque token for client-side error reports, valid for 10 minutes",
    security(()),
    responses((status = 200, description = "successful", body = LogToken)))]
async fn token() -> ApiResult<LogToken> {
    let bytes: [u8; 32] = rand::random();
    ok(LogToken { token: URL_SAFE_NO_PAD.encode(bytes), expires: Utc::now().trunc_subsecs(0) + LOG_TOKEN_LIFETIME })
}
