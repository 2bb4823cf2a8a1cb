#!/usr/bin/env bash
# `npm test`: the type check and the suite side by side. The type check keeps one core busy for
# about a minute and a half on our slower machines, while jest's files spend much of their time
# waiting on real-time audio, browsers and child processes; one after the other, the whole took
# 17.5 minutes there. Either failing fails the run. Arguments go to jest.
set -u
npm run -s typecheck &
typecheck=$!
npx jest "$@"
tests=$?
wait "$typecheck"
types=$?
if [ "$types" -ne 0 ]; then echo "npm test: the type check failed (above)" >&2; fi
if [ "$tests" -ne 0 ] || [ "$types" -ne 0 ]; then exit 1; fi
