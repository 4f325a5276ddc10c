#!/usr/bin/env bash
# Runs a command under a fresh X server (xvfb-run -a), screen XVFB_SCREEN (default 1280x800x24).
# xvfb-run -a can hand out a server number whose previous Xvfb (the last test's, started and
# stopped within a second) is still going away: the program then cannot connect and Qt aborts
# before it runs. That is the harness, not the program: on that message only, try again on a
# fresh server, at most three times. Anything else (a failed test) is returned as it is.
# The command's own exit status is returned, not xvfb-run's: xvfb-run exits 5 when removing its
# temporary directory fails after the command ended ("problem while cleaning up temporary
# directory", seen once in a few hundred runs under a loaded ctest -j2), which is not the
# command's result.
screen=${XVFB_SCREEN:-1280x800x24}
errors=$(mktemp)
status=$(mktemp)
trap 'rm -f "$errors" "$status"' EXIT
for attempt in 1 2 3; do
  : > "$status"
  xvfb-run -a -s "-screen 0 $screen" bash -c '"$@"; echo $? > "$0"' "$status" "$@" 2> "$errors"
  rc=$?
  if [ -s "$status" ]; then rc=$(cat "$status"); fi
  cat "$errors" >&2
  if [ "$rc" -eq 0 ] || ! grep -q "could not connect to display" "$errors"; then exit "$rc"; fi
  echo "with_xvfb: no X server at start (attempt $attempt of 3); trying a fresh one" >&2
  sleep 1
done
exit "$rc"
