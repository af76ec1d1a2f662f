#!/usr/bin/env bash
# A real one-node Slurm cluster on this host: installs slurm-wlm and munge (Debian), starts
# munged, slurmctld and slurmd with a private configuration under a temporary directory,
# runs bench/slurm-match (Sente against itself at a fixed node limit, 8 games in 4 shards)
# and checks its merged Score line against the same match played in one process; then the
# SPRT in waves to a decision. Stops the daemons on exit.
# usage: tests/slurm/slurm_test.sh SOURCE_DIR PBRAIN_SENTE
# Exit status: 0 passed, 1 failed, 77 skipped (the reason is printed).
set -euo pipefail
src=${1:?source dir}
sente=${2:?pbrain-sente}
skip() { echo "SKIPPED: $*"; exit 77; }

# Under the sanitizers (./test sets SENTE_SANITIZED) the engine is about 3x slower and the test
# would take 100 s of ./test's 15 minutes for the same checks; the Release run covers it.
[[ -z ${SENTE_SANITIZED:-} ]] || skip "run in the Release build only (SENTE_SANITIZED is set)"
[[ $(id -u) -eq 0 ]] || skip "needs root to install slurm-wlm and munge and start their daemons"
command -v apt-get >/dev/null || skip "no apt-get: slurm-wlm and munge are installed from Debian"
"$src/.ci/setup" --install slurm-wlm munge >/dev/null 2>&1 ||
  skip "could not install slurm-wlm and munge with apt-get"
for tool in munged slurmctld slurmd sbatch squeue; do
  command -v "$tool" >/dev/null || skip "$tool missing after installing slurm-wlm and munge"
done

tmp=$(mktemp -d /tmp/sente-slurm.XXXXXX)
chmod 700 "$tmp"
pids=()
cleanup() {
  local status=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  [[ -f $tmp/munged.pid ]] && kill "$(cat "$tmp/munged.pid")" 2>/dev/null || true
  sleep 1
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT

host=$(hostname -s)
# Ports unlikely to be in use; a second cluster on this host would conflict.
ctld_port=$((20000 + RANDOM % 20000))
slurmd_port=$((ctld_port + 1))
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/munge"
chmod 700 "$tmp/munge"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
cat >"$tmp/slurm.conf" <<EOF
ClusterName=sentetest
SlurmctldHost=$host
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/munge.socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
SlurmdTimeout=60
NodeName=$host CPUs=2 State=UNKNOWN
PartitionName=sente Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$tmp/slurm.conf

munged --force --socket="$tmp/munge/munge.socket" --key-file="$tmp/munge/munge.key" \
  --pid-file="$tmp/munged.pid" --log-file="$tmp/munged.log" --seed-file="$tmp/munge/seed" ||
  skip "munged could not start: $(tail -n 3 "$tmp/munged.log" 2>/dev/null)"
slurmctld -D -f "$tmp/slurm.conf" >"$tmp/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$tmp/slurm.conf" >"$tmp/slurmd.out" 2>&1 &
pids+=($!)
for ((t = 0; t < 60; t++)); do
  state=$(sinfo -h -n "$host" -o %t 2>/dev/null || true)
  [[ $state == idle* ]] && break
  for pid in "${pids[@]}"; do
    kill -0 "$pid" 2>/dev/null ||
      skip "a Slurm daemon exited: $(tail -n 5 "$tmp"/slurm*.out "$tmp"/slurm*.log 2>/dev/null)"
  done
  sleep 0.5
done
[[ ${state:-} == idle* ]] ||
  skip "the node did not become idle (state '${state:-none}'): $(tail -n 5 "$tmp/slurmd.log")"
echo "one-node cluster up: $host, $(sinfo -h -o '%P %D %C')"

match=(--engine "cmd=$sente" name=A --engine "cmd=$sente" name=B --each info.max_node=2000
  info.thread_num=1 --size 15 --openings "$src/tests/slurm/openings.txt" --tc-turn 10000)
single=$("$sente" match "${match[@]}" --games 8 --quiet | grep '^Score of')
echo "one process: $single"
merged=$("$src/bench/slurm-match" --sente "$sente" --shards 4 --results "$tmp/results" \
  --sbatch-args "-p sente -t 10" "${match[@]}" --games 8)
echo "$merged"
ls "$tmp/results"/shard-*.pgn
[[ $(grep '^Score of' <<<"$merged") == "$single" ]] || {
  echo "FAILED: the merged Score line differs from the single run's"
  exit 1
}

# A failed task: a wrapper fails shard 2 while $tmp/fail exists. slurm-match must name it and
# print how to re-run it; the re-run shard and the merge then give the single run's Score line.
printf '#!/usr/bin/env bash\n[[ -e %q && " $* " == *" 2/4 "* ]] && exit 3\nexec %q "$@"\n' \
  "$tmp/fail" "$sente" >"$tmp/flaky-sente"
chmod +x "$tmp/flaky-sente"
touch "$tmp/fail"
if "$src/bench/slurm-match" --sente "$tmp/flaky-sente" --shards 4 --results "$tmp/flaky" \
  "${match[@]}" --games 8 >"$tmp/flaky.out" 2>"$tmp/flaky.err"; then
  echo "FAILED: slurm-match succeeded with a failed shard"
  exit 1
fi
cat "$tmp/flaky.err"
grep -q "shards failed: 2 " "$tmp/flaky.err" || { echo "FAILED: shard 2 not named"; exit 1; }
rerun=$(grep -o "locally: [^)]*" "$tmp/flaky.err" | head -n 1)
[[ $rerun == "locally: $tmp/flaky/shard.sh 2" ]] || { echo "FAILED: no re-run command"; exit 1; }
if "$tmp/flaky/merge.sh" 2>"$tmp/merge.err"; then
  echo "FAILED: the merge accepted an incomplete set"
  exit 1
fi
cat "$tmp/merge.err"
rm "$tmp/fail"
read -r -a rerun_cmd <<<"${rerun#locally: }"
"${rerun_cmd[@]}"
"$tmp/flaky/merge.sh"
[[ $(grep '^Score of' "$tmp/flaky/merged.txt") == "$single" ]] || {
  echo "FAILED: the merge after re-running shard 2 differs from the single run"
  exit 1
}
echo "re-ran shard 2 alone; merged: $(grep '^Score of' "$tmp/flaky/merged.txt")"

# The SPRT in waves: the fake engine crashes at its first move, so A wins every game and H1
# is accepted before the last wave.
fake="$(dirname "$sente")/sente-fake-engine"
sprt=(--engine "cmd=$sente" name=A --engine "cmd=$fake crash" name=Crash --each
  info.max_node=500 --size 15 --tc-turn 2000 --sprt 0 100 0.1 0.1)
out=$("$src/bench/slurm-match" --sente "$sente" --shards 2 --waves 3 --results "$tmp/sprt" \
  "${sprt[@]}" --games 48 2>"$tmp/sprt.err") || {
  cat "$tmp/sprt.err"
  echo "FAILED: slurm-match --sprt"
  exit 1
}
cat "$tmp/sprt.err"
echo "$out"
grep -q "H1 was accepted" <<<"$out" || { echo "FAILED: no SPRT decision"; exit 1; }
grep -q "decided after wave" "$tmp/sprt.err" || { echo "FAILED: did not stop early"; exit 1; }
echo "PASSED"
