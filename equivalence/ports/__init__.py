"""The port side: what a port in another language reads, writes and replays.

:mod:`~equivalence.ports.wire` is the line protocol (a request a line, an answer a
line, the JSON forms of both); :mod:`~equivalence.ports.process` runs a port as a child
process under that protocol, every wait bounded and the process group killed on every
way out; :mod:`~equivalence.ports.vectors` exports the frozen cases a port's CI pins and
replays them. ``docs/porting.md`` is the porter's guide; ``docs/harness.md`` places these
modules among the others.
"""
