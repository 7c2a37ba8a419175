#!/usr/bin/env bash
# A real S3-compatible server for tests and CI: single-node Ceph (one mon, one mgr, one in-memory
# OSD) with radosgw, from Debian's packages, no containers, no systemd. Comes up in ~14 s.
# Adapted from the session's shared tool ../shared/tools/s3-ceph/ceph-up.sh (same set-up; adds the
# env file, the restartable radosgw and the stop/start commands below). Ceph itself is LGPL-2.1/3.
#
#   apt-get install -y --no-install-recommends ceph-mon ceph-osd ceph-mgr radosgw ceph-common
#   DIR=/tmp/rgw RGW_PORT=7480 MON_PORT=6789 scripts/s3-up.sh          start; prints the env
#   eval "$(DIR=... scripts/s3-up.sh)"                                  ... and export it
#   DIR=/tmp/rgw scripts/s3-up.sh stop-rgw | start-rgw | down           outage tests / teardown
#
# Contract (stable; other scripts and tests rely on it):
#   stdout of `up` is shell: `export TEST_S3_ENDPOINT=http://127.0.0.1:$RGW_PORT`,
#   `export TEST_S3_ACCESS_KEY_ID=...`, `export TEST_S3_SECRET_ACCESS_KEY=...`,
#   `export TEST_S3_DIR=$DIR`; the same lines are written to $DIR/env.
#   The S3 API is path-style, region is anything (us-east-1). No bucket is created here.
#   `stop-rgw` kills radosgw only (the cluster stays), `start-rgw` starts it again with the same
#   command and waits until it answers; `down` kills every daemon of $DIR (PIDs in $DIR/run/*.pid).
# Auth is off inside the cluster; S3 requests are signed with the access/secret key made below.
# `ms mon client mode = crc` is needed for radosgw with auth none.
set -euo pipefail
DIR=${DIR:-/tmp/rgw}
RGW_PORT=${RGW_PORT:-7480}
MON_PORT=${MON_PORT:-6789}
ACCESS_KEY=${ACCESS_KEY:-TESTACCESSKEY0000001}
SECRET_KEY=${SECRET_KEY:-testsecretkey000000000000000000000000001}
OSD_BYTES=${OSD_BYTES:-2147483648}
export CEPH_CONF=$DIR/ceph.conf

wait_rgw() {
  local port code=000 i
  port=$(sed -n 's/^rgw frontends = beast endpoint=127.0.0.1:\([0-9]*\)$/\1/p' "$CEPH_CONF")
  for i in $(seq 1 300); do
    code=$(curl -s -m 2 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/" || true)
    [ "$code" = 200 ] && return 0
    sleep 0.2
  done
  echo "radosgw did not answer on $port (see $DIR/log/rgw.log)" >&2
  return 1
}

kill_pidfile() {
  local f=$1 pid
  [ -f "$f" ] || return 0
  pid=$(cat "$f")
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$f"
}

case "${1:-up}" in
  stop-rgw)
    kill_pidfile "$DIR/run/client.rgw.r.pid"
    exit 0
    ;;
  start-rgw)
    radosgw -n client.rgw.r --rgw-data="$DIR/rgw"
    wait_rgw
    exit 0
    ;;
  down)
    for f in "$DIR"/run/*.pid; do kill_pidfile "$f"; done
    exit 0
    ;;
  up) ;;
  *)
    echo "usage: DIR=... $0 [up|stop-rgw|start-rgw|down]" >&2
    exit 2
    ;;
esac

if [ -d "$DIR/run" ]; then for f in "$DIR"/run/*.pid; do kill_pidfile "$f"; done; fi
rm -rf "$DIR"
mkdir -p "$DIR"/{log,mon,osd,rgw,run}
FSID=$(cat /proc/sys/kernel/random/uuid)
cat >"$CEPH_CONF" <<CONF
[global]
fsid = $FSID
osd crush chooseleaf type = 0
run dir = $DIR/run
pid file = $DIR/run/\$name.pid
admin socket = $DIR/run/\$name.asok
auth cluster required = none
auth service required = none
auth client required = none
osd pool default size = 1
osd pool default min size = 1
mon host = v2:127.0.0.1:$MON_PORT
mon allow pool size one = true
mon warn on pool no redundancy = false
keyring = /dev/null
[mon.a]
log file = $DIR/log/mon.log
chdir = ""
mon cluster log file = $DIR/log/mon-cluster.log
mon data = $DIR/mon
mon data avail crit = 0
public addr = 127.0.0.1
mon allow pool delete = true
[osd.0]
log file = $DIR/log/osd.log
chdir = ""
osd data = $DIR/osd
osd objectstore = memstore
memstore device bytes = $OSD_BYTES
osd class load list = *
osd class default list = *
public addr = 127.0.0.1
cluster addr = 127.0.0.1
[mgr.x]
log file = $DIR/log/mgr.log
[client.rgw.r]
log file = $DIR/log/rgw.log
rgw frontends = beast endpoint=127.0.0.1:$RGW_PORT
rgw dns name = localhost
ms mon client mode = crc
CONF
{
  monmaptool --create --fsid "$FSID" --addv a "[v2:127.0.0.1:$MON_PORT]" "$DIR/monmap"
  ceph-mon --id a --mkfs --monmap "$DIR/monmap" --keyring /dev/null
  touch "$DIR/mon/keyring"
  ceph-mon --id a
  timeout 60 ceph -s
  OSD_ID=$(timeout 60 ceph osd create)
  ceph osd crush add "osd.$OSD_ID" 1 root=default
  ceph-osd --id "$OSD_ID" --mkfs
  ceph-osd --id "$OSD_ID"
  ceph-mgr --id x
  radosgw -n client.rgw.r --rgw-data="$DIR/rgw"
  wait_rgw
  radosgw-admin user create --uid test --display-name "Test" --access-key="$ACCESS_KEY" --secret-key="$SECRET_KEY"
} >"$DIR/log/up.log" 2>&1 || {
  echo "s3-up: failed (see $DIR/log/up.log and $DIR/log/)" >&2
  tail -n 20 "$DIR/log/up.log" >&2
  exit 1
}
cat >"$DIR/env" <<ENV
export TEST_S3_ENDPOINT=http://127.0.0.1:$RGW_PORT
export TEST_S3_ACCESS_KEY_ID=$ACCESS_KEY
export TEST_S3_SECRET_ACCESS_KEY=$SECRET_KEY
export TEST_S3_DIR=$DIR
ENV
cat "$DIR/env"
