# Installs what a fresh Debian 12 machine lacks for OrderAhead, then returns to the caller
# (scripts/demo, scripts/test), which runs the command. Sourced, not run: a Rust toolchain it
# installs must be on the caller's PATH.
#
#   . scripts/setup.sh demo   # build and run: Rust, a C compiler, pkg-config, JavaScriptCore, Node 20+
#   . scripts/setup.sh test   # also Chromium, PostgreSQL (started, trust auth on 127.0.0.1), python3-venv, Java
#
# As root it installs with apt-get (Node 20 from NodeSource's apt repository, Debian 12 has 18;
# Rust with rustup, Debian's is too old for the 2024 edition). Otherwise it prints the exact
# install line and stops. The callers run it under `set -euo pipefail`.
oa_profile="${1:?usage: . scripts/setup.sh demo|test}"
export DEBIAN_FRONTEND=noninteractive
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi

oa_stop() {
  echo "scripts/setup.sh: $1, and cannot install it without root. Run:" >&2
  echo "  $2" >&2
  echo "then this command again." >&2
  exit 1
}

oa_root() { [ "$(id -u)" = 0 ]; }

# Rust: rustup, for the 2024 edition.
if ! command -v cargo >/dev/null; then
  oa_rustup="curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --component rustfmt,clippy"
  if ! oa_root; then oa_stop "Rust (cargo) is missing" "$oa_rustup && . \"\$HOME/.cargo/env\""; fi
  command -v curl >/dev/null || { apt-get update -qq; apt-get install -y -qq curl ca-certificates >/dev/null; }
  sh -c "$oa_rustup"
  . "$HOME/.cargo/env"
fi

oa_apt=()
command -v cc >/dev/null || oa_apt+=(build-essential)
command -v pkg-config >/dev/null || oa_apt+=(pkg-config)
# JavaScriptCore, the default render engine; without it the build falls back to QuickJS-NG alone.
pkg-config --exists javascriptcoregtk-6.0 2>/dev/null || oa_apt+=(libjavascriptcoregtk-6.0-dev)
# OpenSSL, which webauthn-rs verifies passkeys with.
pkg-config --exists openssl 2>/dev/null || oa_apt+=(libssl-dev)
if [ "$oa_profile" = test ]; then
  [ -x /usr/bin/chromium ] || oa_apt+=(chromium)
  command -v pg_ctlcluster >/dev/null || oa_apt+=(postgresql)
  # The API fuzz test (tests/it/api_fuzz.rs) installs a pinned schemathesis into a virtualenv.
  python3 -c 'import venv, ensurepip' 2>/dev/null || oa_apt+=(python3 python3-venv)
  # The HTML validity test (tests/it/html_valid.rs) runs the W3C Nu checker, a Java program.
  command -v java >/dev/null || oa_apt+=(default-jre-headless)
fi
oa_node_ok() { command -v node >/dev/null && command -v npm >/dev/null && [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 20 ]; }
oa_node_repo=0
oa_node_repo_line="apt-get install -y ca-certificates curl gnupg && mkdir -p /etc/apt/keyrings && curl -fsSL https://deb.nodesource.com/gpgkey/nodesource-repo.gpg.key | gpg --dearmor -o /etc/apt/keyrings/nodesource.gpg && echo 'deb [signed-by=/etc/apt/keyrings/nodesource.gpg] https://deb.nodesource.com/node_20.x nodistro main' > /etc/apt/sources.list.d/nodesource.list && apt-get update"
if ! oa_node_ok; then
  # Debian 12's own nodejs is 18; NodeSource's repository has 20 (its npm comes with it).
  if apt-cache policy nodejs 2>/dev/null | grep -q 'Candidate: 2[0-9]\.'; then oa_apt+=(nodejs); else oa_node_repo=1; oa_apt+=(nodejs); fi
fi

if [ ${#oa_apt[@]} -gt 0 ]; then
  if ! oa_root; then
    oa_line="sudo apt-get install -y ${oa_apt[*]}"
    [ "$oa_node_repo" = 1 ] && oa_line="sudo sh -c \"$oa_node_repo_line\" && $oa_line"
    oa_stop "missing: ${oa_apt[*]}" "$oa_line"
  fi
  if [ "$oa_node_repo" = 1 ]; then
    apt-get update -qq
    sh -c "$oa_node_repo_line" >/dev/null
  fi
  echo "scripts/setup.sh: installing ${oa_apt[*]}" >&2
  apt-get update -qq
  apt-get install -y -qq "${oa_apt[@]}" >/dev/null
fi

if [ "$oa_profile" = test ]; then
  # The PostgreSQL suite runs on 127.0.0.1:5432 as postgres without a password, database `test`.
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    oa_root || oa_stop "PostgreSQL is not running on 127.0.0.1:5432" "sudo pg_ctlcluster $(ls /etc/postgresql 2>/dev/null | head -n1) main start"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
  if ! psql -h 127.0.0.1 -U postgres -d postgres -w -Atc 'select 1' >/dev/null 2>&1; then
    oa_hba="$(ls /etc/postgresql/*/main/pg_hba.conf 2>/dev/null | head -n1)"
    oa_trust="host all postgres 127.0.0.1/32 trust"
    oa_root || oa_stop "PostgreSQL asks 127.0.0.1 for a password" "sudo sed -i '1i $oa_trust' $oa_hba && sudo pg_ctlcluster $(ls /etc/postgresql | head -n1) main reload"
    echo "scripts/setup.sh: trusting local connections as postgres from 127.0.0.1 (for the tests) in $oa_hba" >&2
    sed -i "1i $oa_trust" "$oa_hba"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main reload
  fi
  if [ "$(psql -h 127.0.0.1 -U postgres -d postgres -w -Atc "select count(*) from pg_database where datname = 'test'")" = 0 ]; then
    psql -h 127.0.0.1 -U postgres -d postgres -w -qc 'create database test'
  fi
fi
