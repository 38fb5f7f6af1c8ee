#!/usr/bin/env python3
"""Plays `cairn` on a pseudo-terminal of 80x24 as a person's terminal would, for the tests of
what happens when that terminal goes away or a write is refused (lost_terminal_test.sh).

  pty_game.py CAIRN WORK KEYS [--setsid] [--fsize BYTES] [--expect TEXT] [ARG...]

Starts CAIRN ARG... with WORK as its home and XDG folders, waits for the first frame, types KEYS
(one character each, a short pause between), then closes the terminal without sending a signal,
and prints the exit status the game ended with ("rc N"), or "hung" when it did not end within ten
seconds. With --setsid the game runs in a session of its own, so closing the terminal sends it no
SIGHUP (as a terminal emulator that dies does); with --fsize a file-size limit (ulimit -f) holds;
with --expect it first prints "seen" or "unseen": whether TEXT was drawn before the terminal closed.
"""
import fcntl
import os
import pty
import resource
import select
import struct
import subprocess
import sys
import termios
import time


def main():
    cairn, work, keys = sys.argv[1], sys.argv[2], sys.argv[3]
    rest = sys.argv[4:]
    setsid = "--setsid" in rest
    if setsid:
        rest.remove("--setsid")
    expect = None
    if "--expect" in rest:
        at = rest.index("--expect")
        expect = rest[at + 1]
        del rest[at:at + 2]
    fsize = None
    if "--fsize" in rest:
        at = rest.index("--fsize")
        fsize = int(rest[at + 1])
        del rest[at:at + 2]
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", HOME=work, XDG_STATE_HOME=work + "/state",
               XDG_CONFIG_HOME=work + "/config", XDG_DATA_HOME=work + "/data")

    def limit():
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    argv = (["setsid"] if setsid else []) + [cairn] + rest
    game = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                            preexec_fn=limit, start_new_session=not setsid)
    os.close(slave)
    shown = b""

    def drain(seconds):
        nonlocal shown
        end = time.time() + seconds
        while time.time() < end:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    shown += os.read(master, 65536)
                except OSError:
                    return

    drain(3)
    for key in keys:
        os.write(master, key.encode())
        drain(0.3)
    drain(1)
    if expect is not None:
        print("seen" if expect.encode() in shown else "unseen")
    os.close(master)
    try:
        print("rc", game.wait(timeout=10))
    except subprocess.TimeoutExpired:
        game.kill()
        print("hung")


main()
