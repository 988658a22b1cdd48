# shellcheck shell=bash
# Sourced by scripts/setup.sh and scripts/image-check.
# apt-get that waits for other apt and dpkg users (unattended upgrades, another setup)
# instead of failing at once: dpkg's lock through apt's own DPkg::Lock::Timeout, and the
# package lists' lock, which `apt-get update` does not wait for (apt 2.6), by trying
# again while the only error is that lock; ten minutes at most
APT_WAIT=600
apt_get() {
  local deadline=$((SECONDS + APT_WAIT)) err
  while ! err=$(DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=$APT_WAIT "$@" 2>&1 > /dev/null); do
    if [[ $err != *"Could not get lock"* ]] || ((SECONDS >= deadline)); then
      echo "$err" >&2
      return 1
    fi
    sleep 2
  done
}
