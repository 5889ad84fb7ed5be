# Sourced by the benchmark scripts: settings come from the environment, and what is wrong with them is said in one
# line with exit code 2 before any server starts.
#   script_args "$@"               --help/-h: the script's opening comment, exit 0; any other argument refused
#   int_at_least NAME VALUE MIN    an integer of at least MIN
#   ints_at_least NAME MIN VALUES  each of a list (CLIENTS="1 2 8")
#   launcher NAME PATH             an executable file (a RUNNER or BASE_RUNNER setting)

script_args() {
  case "${1:-}" in
    "") return 0 ;;
    -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
    *) echo "error: unexpected argument '$1' (settings go in the environment; $(basename "$0") --help)" >&2; exit 2 ;;
  esac
}

int_at_least() {
  [[ "$2" =~ ^[0-9]+$ ]] && [ "$2" -ge "$3" ] || { echo "error: $1=$2: expected an integer of at least $3" >&2; exit 2; }
}

ints_at_least() {
  local name=$1 min=$2 v; shift 2
  [ $# -gt 0 ] || { echo "error: $name is empty: expected integers of at least $min" >&2; exit 2; }
  for v in "$@"; do int_at_least "$name" "$v" "$min"; done
}

launcher() {
  [ -f "$2" ] && [ -x "$2" ] || { echo "error: $1=$2 is not an executable file (a runner launcher or wrapper)" >&2; exit 2; }
}
