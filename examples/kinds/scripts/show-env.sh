# Run by examples/kinds/exec.plan.yaml with `cwd: scripts`: prints what the
# step set over the runner's environment, and the directory it runs in.
echo "greeting=$GREETING"
echo "dir=$(basename "$(pwd)")"
test -n "$PATH" && echo "PATH is inherited from the runner"
