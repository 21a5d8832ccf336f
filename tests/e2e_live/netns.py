#!/usr/bin/env python3
"""A network namespace of the run's own for the browser tests of live tables (WebRTC between
Chromium contexts; see "Peer connections (WebRTC) in the tests" in ../shared/STACK.md).

Chromium gathers no ICE candidate in a namespace that has only ``lo`` or no default route, and
the traffic between the pages must not leave a namespace this run made: so the namespace gets
``lo`` and a veth pair (v0 10.77.0.1, v1 10.77.0.2, the default route through v1), and the pages
connect over 10.77.0.1. Needs root (``unshare -n``).

    python tests/e2e_live/netns.py COMMAND...   runs COMMAND inside a fresh namespace
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

# (no IPv6 in it: the veth's link-local addresses ending their duplicate-address detection a second
# after the start made Chromium see a network change and fail the page loads under way)
SETUP = ("echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6; echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6; "
         "ip link set lo up; ip link add v0 type veth peer name v1; ip addr add 10.77.0.1/24 dev v0; "
         "ip addr add 10.77.0.2/24 dev v1; ip link set v0 up; ip link set v1 up; ip route add default via 10.77.0.2 dev v0")
INTERFACES = ["lo", "v0", "v1"]


def inside() -> bool:
    """Is this process in such a namespace (its interfaces exactly lo, v0 and v1)?"""
    try:  # (the namespace's own list: /sys/class/net would be the mount's, not the namespace's)
        lines = Path("/proc/self/net/dev").read_text().splitlines()[2:]
    except OSError:
        return False
    return sorted(line.split(":")[0].strip() for line in lines) == INTERFACES


def command(args: list[str]) -> list[str]:
    """``args`` run inside a fresh namespace."""
    return ["unshare", "-n", "bash", "-c", f"{SETUP}; exec \"$@\"", "netns", *args]


def shell_command(args: list[str]) -> str:
    """The same, as one line to paste in a shell."""
    return f"unshare -n bash -c '{SETUP}; {shlex.join(args)}'"


def exec_inside(args: list[str]) -> None:
    """Replaces this process by ``args`` run inside a fresh namespace."""
    os.execvp("unshare", command(args))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    os.chdir(Path(__file__).resolve().parents[2])
    exec_inside(sys.argv[1:])
