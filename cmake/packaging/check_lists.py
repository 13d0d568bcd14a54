#!/usr/bin/env python3
"""The recipes have the Debian packages of jobs/common.sh (the packaging test):

    check_lists.py ROOT

- the Apptainer definition installs exactly CGT_PACKAGES_BUILD and CGT_PACKAGES_REPORT;
- every one of those packages has its Spack counterpart below (or is the toolchain Spack
  brings itself), and the Spack recipe depends on exactly those counterparts, hdf5 with +mpi
  and boost with +program_options.
A Debian package added to jobs/common.sh without the recipes fails here.
"""
import re
import subprocess
import sys

# Debian package -> the Spack packages that provide it (none: the compiler and tools Spack has).
SPACK_OF = {
    "cmake": ["cmake"], "make": [], "g++": [], "git": [],
    "libopenmpi-dev": ["mpi"], "openmpi-bin": ["mpi"],
    "libhdf5-openmpi-dev": ["hdf5"], "zlib1g-dev": ["zlib"], "hdf5-tools": ["hdf5"],
    "libboost-program-options-dev": ["boost"], "nlohmann-json3-dev": ["nlohmann-json"],
    "catch2": ["catch2"], "help2man": ["help2man"],
    "python3": ["python"], "python3-h5py": ["py-h5py", "py-numpy"], "python3-matplotlib": ["py-matplotlib"],
}


def main(root):
    problems = []
    lists = subprocess.run(["bash", "-c", f'. "{root}/jobs/common.sh" && echo $CGT_PACKAGES_BUILD && echo $CGT_PACKAGES_REPORT'],
                           capture_output=True, text=True, check=True).stdout.split("\n")
    debian = set(lists[0].split()) | set(lists[1].split())
    definition = open(f"{root}/cmake/packaging/apptainer/cgt.def", encoding="utf-8").read()
    install = re.search(r"apt-get install -y --no-install-recommends(.*?)\n\s*rm -rf", definition, re.S)
    image = set(install.group(1).replace("\\", " ").split()) if install else set()
    if image != debian:
        problems.append(f"the Apptainer image installs {sorted(image - debian)} beyond jobs/common.sh's "
                        f"and lacks {sorted(debian - image)}")
    unmapped = sorted(debian - set(SPACK_OF))
    if unmapped:
        problems.append(f"no Spack counterpart named for {unmapped} (add it to check_lists.py and the recipe)")
    recipe = open(f"{root}/cmake/packaging/spack/packages/cgt-pipeline/package.py", encoding="utf-8").read()
    specs = re.findall(r'depends_on\("([^"]+)"', recipe)
    spack = {re.match(r"[a-z0-9-]+", s).group(0) for s in specs}
    wanted = {p for d in debian for p in SPACK_OF.get(d, [])}
    if spack != wanted:
        problems.append(f"the Spack recipe depends on {sorted(spack - wanted)} beyond jobs/common.sh's and lacks {sorted(wanted - spack)}")
    for name, variant in (("hdf5", "+mpi"), ("boost", "+program_options")):
        if not any(s.startswith(name) and variant in s for s in specs):
            problems.append(f"the Spack recipe's {name} lacks {variant}")
    for p in problems:
        print("FAIL:", p)
    if not problems:
        print(f"PASS: {len(debian)} Debian packages; the Apptainer image installs the same; "
              f"the Spack recipe depends on their {len(spack)} counterparts ({', '.join(sorted(spack))})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
