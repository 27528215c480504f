"""Exports every kernel of src/*.py to <name>.tilebc (version 13.4) and <name>-13.1.tilebc (13.1) with cuTile Python.

Usage: python export.py   (run with the interpreter of a venv that has `pip install cuda-tile`;
no GPU is needed). Each src module defines KERNEL and SIGNATURES.
"""
import importlib.util
import os
import pathlib

from cuda.tile.compilation import export_kernel

HERE = pathlib.Path(__file__).resolve().parent
VERSIONS = {"": "13.4", "-13.1": "13.1"}


def load(path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# cuTile records the source file's absolute path in the debug info (DIFile, DILoc).
os.chdir(HERE)
for src in sorted(pathlib.Path("src").glob("*.py")):
    module = load(src)
    for suffix, version in VERSIONS.items():
        out = pathlib.Path(f"{src.stem}{suffix}.tilebc")
        export_kernel(module.KERNEL, module.SIGNATURES, str(out),
                      output_format="tileir_bytecode", bytecode_version=version,
                      gpu_code=None if version >= "13.3" else "sm_90")
        print(f"{out.name}: {out.stat().st_size} bytes")
