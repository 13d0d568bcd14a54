# A Spack recipe for cgt-pipeline, built from the source tree at hand:
#   spack repo add cmake/packaging/spack
#   cd REPOSITORY && spack dev-build cgt-pipeline@develop     # or: spack develop, then spack install
# With --test=root the tests are built (Catch2) and run, but those that need a Slurm of their
# own, Chromium or clang's libFuzzer. The Debian packages of jobs/common.sh and this recipe's
# dependencies are checked against each other by the test suite (cmake/packaging/check_lists.py).
from spack.package import *


class CgtPipeline(CMakePackage):
    """Combinatorial game theory at scale: MPI jobs that write HDF5 tables (Sprague-Grundy
    values, Grundy's game, Hex openings, octal games, Hackenbush), each checked by a verify
    program against the published record."""

    license("MIT")

    version("develop")

    variant("man", default=True, description="Manual pages generated from --help (help2man)")
    variant("python", default=True, description="The cgt_results package and the results report")

    depends_on("cmake@3.25:", type="build")
    depends_on("mpi")
    depends_on("hdf5+mpi")
    depends_on("zlib")  # the journal deflates its task records
    depends_on("boost+program_options")
    depends_on("nlohmann-json@3.10:", type="build")
    depends_on("help2man", type="build", when="+man")
    depends_on("catch2@2", type="test")
    depends_on("python@3.8:", type="run", when="+python")
    depends_on("py-numpy", type="run", when="+python")
    depends_on("py-h5py", type="run", when="+python")
    depends_on("py-matplotlib", type="run", when="+python")

    def cmake_args(self):
        return [
            self.define("BUILD_TESTING", self.run_tests),
            self.define_from_variant("CGT_MAN_PAGES", "man"),
            self.define("HDF5_PREFER_PARALLEL", True),
        ]

    def check(self):
        with working_dir(self.build_directory):
            ctest("--output-on-failure", "-LE", "slurm|fuzz|report", parallel=False)

    def setup_run_environment(self, env):
        env.prepend_path("PYTHONPATH", self.prefix.share.cgt.python)
