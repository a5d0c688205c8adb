"""Keeps the README true: compiles and runs its C example and runs its Python example, and checks
that they print the frames the README promises (the UIKit grid of SPEC's tests)."""
import os
import re
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
readme = open(os.path.join(root, "README.md")).read()
c_source = re.search(r"```c\n(.*?)```", readme, re.S).group(1)
py_source = re.search(r"```python\n(.*?)```", readme, re.S).group(1)
lib_dir = os.path.join(root, ".build", "release")

with tempfile.TemporaryDirectory() as tmp:
    source, program = os.path.join(tmp, "readme.c"), os.path.join(tmp, "readme")
    open(source, "w").write(c_source)
    subprocess.run([os.environ.get("CC", "cc"), "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", os.path.join(root, "include"),
                    source, "-L", lib_dir, "-lcollectionlayout", "-Wl,-rpath," + lib_dir, "-o", program], check=True)
    c_out = subprocess.run([program], check=True, capture_output=True, text=True).stdout
env = dict(os.environ, PYTHONPATH=os.path.join(root, "bindings", "python"))
py_out = subprocess.run([sys.executable, "-c", py_source], check=True, capture_output=True, text=True, env=env).stdout

failures = []
for line in ["1 0: 0 0 320 44", "0 0: 10 54 90 90", "0 6: 10 254 90 90"]:
    if line not in c_out:
        failures.append(f"C example: no line {line!r} in:\n{c_out}")
for line in ["(320.0, 354.0)", "header 0 0 (0.0, 0.0, 320.0, 44.0)", "0 2 (220.0, 54.0, 90.0, 90.0)"]:
    if line not in py_out:
        failures.append(f"Python example: no {line!r} in:\n{py_out}")
print("\n".join(failures) or "README examples: C and Python print the frames the README promises")
print(f"{2 - len({f.split(':')[0] for f in failures})} passed, {len({f.split(':')[0] for f in failures})} failed")
sys.exit(1 if failures else 0)
