#!/usr/bin/env bash
# Makes a Debian bookworm base image from Debian's own mirror, for machines that reach no image
# registry: `deploy/local-base.sh` (as root) gives `local/bookworm`, then build with
# `--build-arg BASE_IMAGE=local/bookworm`. The image is trimmed as Docker's official `-slim`
# images are (no manuals, documentation other than copyrights, translations or package lists), so
# an image built on it measures what one built on `node:24-bookworm-slim` would.
#
#   IMAGE      the name to give it (default local/bookworm)
#   MIRROR     the Debian mirror (default http://deb.debian.org/debian)
#   CONTAINER  the container command (default podman; e.g. "podman --runtime /usr/bin/runc")
set -euo pipefail

IMAGE=${IMAGE:-local/bookworm}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
read -r -a CONTAINER <<<"${CONTAINER:-podman}"

if [[ $(id -u) -ne 0 ]]; then
  echo "debootstrap needs root: run this as root (sudo $0)." >&2
  exit 1
fi
command -v debootstrap >/dev/null || {
  echo "debootstrap is missing: apt-get install debootstrap" >&2
  exit 1
}

work=$(mktemp -d /var/tmp/turing-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"

echo "debootstrap: Debian bookworm (minbase) from $MIRROR"
debootstrap --variant=minbase bookworm "$root" "$MIRROR" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}

# Security and point-release updates, as the official images have them.
cat >"$root/etc/apt/sources.list" <<EOF
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb ${MIRROR%/debian}/debian-security bookworm-security main
EOF

# What the official slim images leave out, for every package installed later as well.
cat >"$root/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF
cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
echo 'Acquire::Languages "none";' >"$root/etc/apt/apt.conf.d/docker-no-languages"

# The same for what debootstrap has already installed.
find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
rm -rf "$root"/usr/share/{man,groff,info,lintian,linda}/*
find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb
rm -rf "$root"/var/log/* "$root"/tmp/* "$root"/var/tmp/*

tar -C "$root" -c . | "${CONTAINER[@]}" import --change 'CMD ["bash"]' - "$IMAGE" >/dev/null
"${CONTAINER[@]}" image ls "$IMAGE"
