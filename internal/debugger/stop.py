# memlens gdb's start-up script: when a program built by memlens cc stops
# at a report (break=1 makes the runtime execute a breakpoint instruction
# in __memlens_break), select the frame of the faulting statement, the
# first one outside the runtime (and outside the wrappers memlens cc puts
# around the functions a program's rules watch: that is the caller's call).
import gdb


def _memlens_internal(frame):
    name = frame.name() or ""
    if name.startswith(("__ml", "ml_", "memlens_", "__memlens")):
        return True
    symtab = frame.find_sal().symtab
    return symtab is not None and symtab.filename.endswith("<memlens rules>")


def _memlens_stop(event):
    # (gdb reports a trap outside its breakpoints as a plain StopEvent)
    try:
        frame = gdb.newest_frame()
    except gdb.error:
        return
    if frame.name() != "__memlens_break":
        return
    while frame is not None and _memlens_internal(frame):
        frame = frame.older()
    if frame is None:
        return
    frame.select()
    print("memlens: stopped before the faulting access; the report is above. "
          "'continue' goes on, 'call memlens_enable(\"KIND\", 0)' switches a kind off.")
    gdb.execute("frame")


gdb.events.stop.connect(_memlens_stop)
