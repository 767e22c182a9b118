# Reads a set that examples/export wrote with numpy alone, and checks each
# file against what the Go test says it wrote: its dtype, shape and values.
# Usage: python3 check.py SET EXPECTED.json
import json
import sys

import numpy as np

set_dir, expected_path = sys.argv[1], sys.argv[2]
with open(expected_path) as f:
    expected = json.load(f)
with open(set_dir + "/meta.json") as f:
    meta = json.load(f)
for name, want in expected.items():
    a = np.load(set_dir + "/" + name + ".npy")
    if a.dtype != np.dtype(want["dtype"]):
        sys.exit("%s: dtype %s, want %s" % (name, a.dtype, want["dtype"]))
    if a.shape != tuple(want["shape"]) or a.shape[0] != meta["rows"]:
        sys.exit("%s: shape %s, want %s" % (name, a.shape, want["shape"]))
    if not a.flags["C_CONTIGUOUS"]:
        sys.exit("%s: not in C order" % name)
    values = np.array(want["values"], dtype=a.dtype)
    if not np.array_equal(a.ravel(), values):
        bad = np.flatnonzero(a.ravel() != values)[0]
        sys.exit("%s: value %d is %r, want %r" % (name, bad, a.ravel()[bad], values[bad]))
print("numpy read %d files of %d rows" % (len(expected), meta["rows"]))
