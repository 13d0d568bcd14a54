# Memory estimates before work (drivers/common/runtime/memory_limit.hpp): every program whose
# memory grows with its parameters refuses, before any work and before any output file,
# a run that cannot fit, with one line naming the estimate and the limit, status 2. The
# estimates of the first tests pass any machine's memory; the others set --max-memory (or a
# Slurm allocation) so that they do not depend on this machine.
set(mem_dir ${CMAKE_BINARY_DIR}/memory-tests)
file(MAKE_DIRECTORY ${mem_dir})
set(bin ${CMAKE_BINARY_DIR}/bin)
set(more_than "more than the [0-9.]+ [KMGTPE]iB limit")
set(physical "${more_than} \\((physical memory|the cgroup's memory.max|the Slurm allocation [A-Z_ x]+); raise it with --max-memory\\)$")

# The issue's reproducers.
cgt_add_cli_test(NAME "memory: cgt-hackenbush-stalks --max-length 39 is refused" STATUS 2 LABELS memory
                 STDERR "^error: --max-length 39 needs about [0-9.]+ ZiB \\(a row and a value for each stalk\\), ${physical}"
                 ABSENT ${mem_dir}/stalks.h5 COMMAND ${bin}/cgt-hackenbush-stalks --max-length 39 --out ${mem_dir}/stalks.h5)
cgt_add_cli_test(NAME "memory: cgt-hackenbush-signs --max-length 56 is refused" STATUS 2 LABELS memory
                 STDERR "^error: --max-length 56 needs about [0-9.]+ TiB \\(the intervals of each task\\), ${physical}"
                 ABSENT ${mem_dir}/signs.h5 COMMAND ${bin}/cgt-hackenbush-signs --max-length 56 --out ${mem_dir}/signs.h5)
cgt_add_cli_test(NAME "memory: cgt-hackenbush-sums --triples 99999999999999 is refused" STATUS 2 LABELS memory
                 STDERR "^error: --triples 99999999999999 needs about [0-9.]+ PiB \\(a row and three values for each triple\\), ${physical}"
                 ABSENT ${mem_dir}/sums.h5 COMMAND ${bin}/cgt-hackenbush-sums --triples 99999999999999 --out ${mem_dir}/sums.h5)
cgt_add_cli_test(NAME "memory: cgt-hackenbush-bench --max-length 40 is refused" STATUS 2 LABELS memory
                 STDERR "^error: --max-length 40 needs about [0-9.]+ ZiB \\(the values of the three-colour stalks\\), ${physical}"
                 COMMAND ${bin}/cgt-hackenbush-bench --max-length 40)
cgt_add_cli_test(NAME "memory: cgt-grundy --store-values 4294967294 is refused under 8G" STATUS 2 LABELS memory
                 STDERR "^error: --max-heap 4294967294 --store-values 4294967294 needs about 16.3 GiB \\(the sweep's prefix and window of values, the stored values\\), more than the 8.0 GiB limit \\(--max-memory\\)$"
                 ABSENT ${mem_dir}/grundy.h5 COMMAND ${bin}/cgt-grundy --max-heap 4294967294 --store-values 4294967294 --max-memory 8G --out ${mem_dir}/grundy.h5)
cgt_add_cli_test(NAME "memory: cgt-hex-openings --tt-size-mib 65536 is refused under 60G" STATUS 2 LABELS memory
                 STDERR "^error: --tt-size-mib 65536 needs about 64.1 GiB \\(the transposition table of each rank\\), more than the 60.0 GiB limit \\(--max-memory\\)$"
                 ABSENT ${mem_dir}/hex.h5 COMMAND ${bin}/cgt-hex-openings --tt-size-mib 65536 --max-memory 60G --out ${mem_dir}/hex.h5)
cgt_add_cli_test(NAME "memory: cgt-hex --tt-size-mib 65536 is refused under 1.5T/30" STATUS 2 LABELS memory
                 STDERR "^error: --tt-size-mib 65536 needs about 64.1 GiB \\(the transposition table\\), more than the 51.2 GiB limit \\(--max-memory\\)$"
                 COMMAND ${bin}/cgt-hex --tt-size-mib 65536 --max-memory 54975581388)
cgt_add_cli_test(NAME "memory: cgt-hex-bench --tt-size-mib 4096 is refused under 4096M" STATUS 2 LABELS memory
                 STDERR "^error: --tt-size-mib 4096 needs about 4.1 GiB \\(the transposition table\\), more than the 4.0 GiB limit \\(--max-memory\\)$"
                 COMMAND ${bin}/cgt-hex-bench --tt-size-mib 4096 --max-memory 4096M)
# The simulated job search holds a table for each worker, and the sequential search's.
cgt_add_cli_test(NAME "memory: cgt-hex-bench --simulate 1,16 --tt-size-mib 512 counts 17 tables, refused under 8G" STATUS 2 LABELS memory
                 STDERR "^error: --simulate with 16 workers and --tt-size-mib 512 needs about 8.6 GiB \\(16 workers' transposition tables and the sequential search's\\), more than the 8.0 GiB limit \\(--max-memory\\)$"
                 COMMAND ${bin}/cgt-hex-bench --size 8 --openings g2 --tt-size-mib 512 --simulate 1,16 --max-memory 8G)
cgt_add_cli_test(NAME "memory: cgt-hex-bench --simulate 16 --reference counts only the workers' tables, refused under 8G" STATUS 2 LABELS memory
                 STDERR "^error: --simulate with 16 workers and --tt-size-mib 512 needs about 8.1 GiB \\(16 workers' transposition tables\\), more than the 8.0 GiB limit \\(--max-memory\\)$"
                 COMMAND ${bin}/cgt-hex-bench --size 8 --openings g2 --tt-size-mib 512 --simulate 16 --reference win:100000 --max-memory 8G)
cgt_add_cli_test(NAME "memory: cgt-nim --heaps 6 --max-heap 40 is refused under 1G" STATUS 2 LABELS memory
                 STDERR "^error: --heaps 6 --max-heap 40 needs about 5.1 GiB \\(a row for each position\\), more than the 1.0 GiB limit \\(--max-memory\\)$"
                 ABSENT ${mem_dir}/nim.h5 COMMAND ${bin}/cgt-nim --heaps 6 --max-heap 40 --max-memory 1G --out ${mem_dir}/nim.h5)
cgt_add_cli_test(NAME "memory: cgt-hackenbush-green --graphs 3:30 is refused" STATUS 2 LABELS memory
                 STDERR "^error: --graphs '3:30' needs about [0-9.]+ [GT]iB \\(a row for each graph\\), more than the 1.0 GiB limit \\(--max-memory\\)$"
                 ABSENT ${mem_dir}/green.h5 COMMAND ${bin}/cgt-hackenbush-green --graphs 3:30 --max-memory 1G --out ${mem_dir}/green.h5)
cgt_add_cli_test(NAME "memory: cgt-hackenbush-colour --max-edges 12 is refused" STATUS 2 LABELS memory
                 STDERR "^error: --vertices 3 --max-edges 12 needs about [0-9.]+ TiB \\(a row for each graph\\), ${physical}"
                 ABSENT ${mem_dir}/colour.h5 COMMAND ${bin}/cgt-hackenbush-colour --max-edges 12 --out ${mem_dir}/colour.h5)
# (The two-digit codes: the default three digits' hundreds of forecasts take minutes of a
# core before the refusal, which .04 and .06 among the two-digit codes already give.)
cgt_add_cli_test(NAME "memory: cgt-octal-sweep --ceiling 2^32 is refused under 8G" STATUS 2 LABELS memory
                 STDERR "^error: a game of 4294967296 heaps needs about 16.1 GiB \\(the values one game holds on each rank\\), more than the 8.0 GiB limit \\(--max-memory\\)$"
                 ABSENT ${mem_dir}/octal.h5 COMMAND ${bin}/cgt-octal-sweep --subtraction-max 0 --octal-digits 2 --ceiling 2^32 --games .77 --max-memory 8G --out ${mem_dir}/octal.h5)
# A run estimated past an hour on one core is told so in one line, and goes on (here only its
# first task, into the journal).
cgt_add_cli_test(NAME "memory: a run of weeks on one core is told so" STATUS 0 LABELS memory
                 STDERR "^cgt-hackenbush-green: note: --graphs '3:20' is estimated to take about [0-9]+ days on one core$"
                 COMMAND ${bin}/cgt-hackenbush-green --graphs 3:20 --tasks 0 --force --out ${mem_dir}/note.h5)

# Per node: the ranks of a node share its memory.
cgt_add_cli_test(NAME "memory: 2 ranks of cgt-hex-openings --tt-size-mib 1000 are refused under 2G" STATUS 2 LABELS memory
                 MPI_RANKS 2
                 STDERR "^error: --tt-size-mib 1000 needs about 2.1 GiB \\(the transposition table of each rank; 1.0 GiB on each of the 2 ranks on this node\\), more than the 2.0 GiB limit \\(--max-memory\\)$"
                 ABSENT ${mem_dir}/hex2.h5 COMMAND ${bin}/cgt-hex-openings --tt-size-mib 1000 --max-memory 2G --out ${mem_dir}/hex2.h5)

# The limit from Slurm: --mem (MiB per node), or --mem-per-cpu times the node's CPUs.
cgt_add_cli_test(NAME "memory: the Slurm allocation SLURM_MEM_PER_NODE is the limit" STATUS 2 LABELS memory
                 STDERR "^error: --max-heap 100000000 --store-values 67108864 needs about 544.0 MiB \\(the sweep's prefix and window of values, the stored values\\), more than the 100.0 MiB limit \\(the Slurm allocation SLURM_MEM_PER_NODE; raise it with --max-memory\\)$"
                 ABSENT ${mem_dir}/slurm.h5
                 COMMAND env SLURM_MEM_PER_NODE=100 ${bin}/cgt-grundy --max-heap 100000000 --out ${mem_dir}/slurm.h5)
cgt_add_cli_test(NAME "memory: SLURM_MEM_PER_CPU times SLURM_CPUS_ON_NODE is the limit" STATUS 2 LABELS memory
                 STDERR "more than the 100.0 MiB limit \\(the Slurm allocation SLURM_MEM_PER_CPU x SLURM_CPUS_ON_NODE; raise it with --max-memory\\)$"
                 COMMAND env SLURM_MEM_PER_CPU=50 SLURM_CPUS_ON_NODE=2 ${bin}/cgt-grundy --max-heap 100000000 --out ${mem_dir}/slurm.h5)
if(NOT CGT_SANITIZE) # a sanitizer build cannot run under an address-space limit (its shadow memory)
  cgt_add_cli_test(NAME "memory: ulimit -v is the limit" STATUS 2 LABELS memory
                   STDERR "^error: --max-heap 4294967294 --store-values 4294967294 needs about 16.3 GiB \\(the sweep's prefix and window of values, the stored values\\), more than the 2.9 GiB limit \\(ulimit -v; raise it with --max-memory\\)$"
                   ABSENT ${mem_dir}/ulimit.h5
                   COMMAND sh -c "ulimit -v 3000000 && exec ${bin}/cgt-grundy --max-heap 4294967294 --store-values 4294967294 --out ${mem_dir}/ulimit.h5")
endif()
cgt_add_cli_test(NAME "memory: --max-memory overrides the Slurm allocation" STATUS 0 LABELS memory
                 COMMAND env SLURM_MEM_PER_NODE=1 ${bin}/cgt-grundy --max-heap 1000 --max-memory 1G --force --quiet --out ${mem_dir}/small.h5)

# A Slurm variable that is set but cannot be read is one line naming it, status 2, before any
# work (not silently replaced by the physical memory); 0 is Slurm's --mem=0, the whole node.
foreach(variable SLURM_MEM_PER_NODE SLURM_MEM_PER_CPU)
  foreach(case "abc" "12Q" "-5" "")
    cgt_add_cli_test(NAME "memory: ${variable}='${case}' is a usage error" STATUS 2 LABELS memory
                     STDERR "^error: ${variable} must be Slurm's memory size in MiB \\(4096, or with a unit: 4G\\), got '${case}'$"
                     ABSENT ${mem_dir}/bad-slurm.h5
                     COMMAND env "${variable}=${case}" ${bin}/cgt-grundy --max-heap 10 --out ${mem_dir}/bad-slurm.h5)
  endforeach()
  cgt_add_cli_test(NAME "memory: ${variable}=abc in cgt-hackenbush is a usage error" STATUS 2 LABELS memory
                   STDERR "^error: ${variable} must be Slurm's memory size in MiB"
                   COMMAND env "${variable}=abc" ${bin}/cgt-hackenbush ${PROJECT_SOURCE_DIR}/drivers/tools/hackenbush/test/br.txt)
endforeach()
cgt_add_cli_test(NAME "memory: SLURM_MEM_PER_NODE=0 is the whole node" STATUS 0 LABELS memory
                 COMMAND env SLURM_MEM_PER_NODE=0 ${bin}/cgt-grundy --max-heap 1000 --force --quiet --out ${mem_dir}/slurm0.h5)
cgt_add_cli_test(NAME "memory: a malformed SLURM_CPUS_ON_NODE is a usage error" STATUS 2 LABELS memory
                 STDERR "^error: SLURM_CPUS_ON_NODE must be a number of CPUs of at least 1, got 'x'$"
                 COMMAND env SLURM_MEM_PER_CPU=50 SLURM_CPUS_ON_NODE=x ${bin}/cgt-grundy --max-heap 1000 --out ${mem_dir}/slurm.h5)

# A bad --max-memory is a usage error, in every program that takes it.
foreach(case "12Q" "0" "-5" "1.5" "G" "1.5.2G" "99999999999999999999T")
  cgt_add_cli_test(NAME "memory: --max-memory '${case}' is a usage error" STATUS 2 LABELS memory
                   STDERR "^error: --max-memory must be"
                   ABSENT ${mem_dir}/bad.h5 COMMAND ${bin}/cgt-grundy --max-heap 10 --max-memory=${case} --out ${mem_dir}/bad.h5)
endforeach()
foreach(tool cgt-hackenbush-bench cgt-hex cgt-hex-bench)
  cgt_add_cli_test(NAME "memory: ${tool} --max-memory 12Q is a usage error" STATUS 2 LABELS memory
                   STDERR "^error: --max-memory must be a size such as 512M, 8G, 1.5T or a number of bytes, got '12Q'$"
                   COMMAND ${bin}/${tool} --max-memory 12Q)
endforeach()

cgt_add_cli_test(NAME "memory: cgt-hackenbush --max-memory 12Q is a usage error" STATUS 2 LABELS memory
                 STDERR "^error: --max-memory must be a size such as 512M, 8G, 1.5T or a number of bytes, got '12Q'$"
                 COMMAND ${bin}/cgt-hackenbush --max-memory 12Q ${PROJECT_SOURCE_DIR}/drivers/tools/hackenbush/test/stalk40.txt)

# cgt-hackenbush cannot know a picture's positions before valuing them (41 for a stalk of 40
# edges, up to 2^40 for a tangle): it stops with one line when the engine's store passes
# the limit. This picture (a 5 x 5 grid of 40 edges) grows by about 15 MiB a second.
cgt_add_cli_test(NAME "memory: cgt-hackenbush stops a 40-edge picture at --max-memory" STATUS 2 LABELS memory
                 STDERR "^error: the pictures' positions need more than the 64.0 MiB limit \\(--max-memory\\): stopped after [0-9]+ positions held [0-9.]+ MiB$"
                 COMMAND ${bin}/cgt-hackenbush --max-memory 64M ${PROJECT_SOURCE_DIR}/drivers/tools/hackenbush/test/grid40.txt)
cgt_add_cli_test(NAME "memory: a stalk of 40 edges is valued" STATUS 0 LABELS memory
                 STDOUT "^value:" COMMAND ${bin}/cgt-hackenbush --max-memory 64M ${PROJECT_SOURCE_DIR}/drivers/tools/hackenbush/test/stalk40.txt)

# Time: one rule for every program (memory_limit.hpp). A run estimated past 24 hours on its
# cores, or one this program cannot estimate, is refused before any work, one line naming the
# estimate and --allow-long, status 2; --allow-long starts it. A resume is not refused again.
cgt_add_cli_test(NAME "memory: cgt-hackenbush-bench blue-red --max-length 40 (6 days) is refused" STATUS 2 LABELS "memory;hackenbush"
                 STDERR "^error: --max-length 40 is estimated to take about 6 days on one core, more than the 24-hour bound of a run not asked for; add --allow-long to run it$"
                 COMMAND ${bin}/cgt-hackenbush-bench --workload blue-red --max-length 40)
# A threaded program's cores are its ranks times their threads: Grundy's game to 2^37 (38.2
# hours on one core) is refused on one thread and passes the start checks on two (the hook
# CGT_TEST_STOP_AFTER_CHECKS stops it there, before any work: status 143).
cgt_add_cli_test(NAME "memory: cgt-grundy to 2^37 (38.2 hours of a core) is refused on one thread" STATUS 2 LABELS "memory;grundy"
                 STDERR "^error: --max-heap 137438953471 --store-values 1048575 is estimated to take about 38.2 hours on one core, more than the 24-hour bound of a run not asked for; add --allow-long to run it$"
                 ABSENT ${mem_dir}/g37.h5
                 COMMAND ${bin}/cgt-grundy --max-heap 137438953471 --store-values 1048575 --threads 1 --out ${mem_dir}/g37.h5)
# cgt-octal-sweep's time is every game's: the refusal names the run, not its largest game.
cgt_add_cli_test(NAME "memory: cgt-octal-sweep with two games to 2^36 is refused as a run of two games" STATUS 2 LABELS "memory;octal"
                 STDERR "^error: a run of 2 games of up to 68719476736 heaps is estimated to take about 38.2 hours on one core, more than the 24-hour bound of a run not asked for; add --allow-long to run it$"
                 ABSENT ${mem_dir}/o36.h5
                 COMMAND ${bin}/cgt-octal-sweep --subtraction-max 0 --octal-digits 0 --games ".161@2^36 .014@2^36" --threads 1
                         --out ${mem_dir}/o36.h5)
cgt_add_cli_test(NAME "memory: cgt-grundy to 2^37 on two threads (19.1 hours on its cores) passes the start checks" STATUS 143 LABELS "memory;grundy"
                 STDERR "^cgt-grundy: stopped by SIGTERM$" ABSENT ${mem_dir}/g37.h5
                 COMMAND env CGT_TEST_STOP_AFTER_CHECKS=1 ${bin}/cgt-grundy --max-heap 137438953471 --store-values 1048575
                         --threads 2 --out ${mem_dir}/g37.h5)
cgt_add_cli_test(NAME "memory: cgt-hex-openings --sizes 9 is refused: a few openings decided, no estimate" STATUS 2 LABELS "memory;hex"
                 STDERR "^error: --sizes with a board of side 9 \\(this program has decided only a few 9x9 openings \\(parts/9x9\\), the centre e5 in about 40 minutes of a core, and none of the hardest, which took Pawlewicz and Hayward's parallel solver up to 111 days; --node-limit N bounds each opening\\): no estimate of its time; add --allow-long to run it$"
                 ABSENT ${mem_dir}/hex9.h5 COMMAND ${bin}/cgt-hex-openings --sizes 9 --out ${mem_dir}/hex9.h5)
foreach(side 10 11)
  cgt_add_cli_test(NAME "memory: cgt-hex-openings --sizes ${side} is refused: never solved, no estimate" STATUS 2 LABELS "memory;hex"
                   STDERR "^error: --sizes with a board of side ${side} \\(no board past 9x9 has been solved by this program, nor every opening of 9x9; --node-limit N bounds each opening\\): no estimate of its time; add --allow-long to run it$"
                   ABSENT ${mem_dir}/hex${side}.h5 COMMAND ${bin}/cgt-hex-openings --sizes ${side} --out ${mem_dir}/hex${side}.h5)
endforeach()
cgt_add_cli_test(NAME "memory: cgt-hex-openings --misere 7 is refused: never solved, no estimate" STATUS 2 LABELS "memory;hex"
                 STDERR "^error: --misere 7 \\(no misere board past 6x6 has been solved by this program; --node-limit N bounds each opening\\): no estimate of its time"
                 ABSENT ${mem_dir}/hexm7.h5 COMMAND ${bin}/cgt-hex-openings --sizes 1-3 --misere 7 --out ${mem_dir}/hexm7.h5)
# The replies of the losing 6x6 misere openings (e2, d3, b5, c4) have never been finished:
# no estimate, refused without --allow-long; the replies of a winning opening (none to solve)
# and a run that asks are started (each its first task here, the 1x1 board).
cgt_add_cli_test(NAME "memory: cgt-hex-openings --misere-replies on the losing 6x6 openings is refused: no estimate" STATUS 2 LABELS "memory;hex"
                 STDERR "^error: --misere-replies with the 6x6 opening d3 \\(the replies of the losing 6x6 openings e2, d3, b5 and c4 have not been finished by this program: d3's first reply passed 85 million nodes\\): no estimate of its time; add --allow-long to run it$"
                 ABSENT ${mem_dir}/hexm6d3.h5 COMMAND ${bin}/cgt-hex-openings --sizes 1 --misere 6 --misere-replies --cells d3 --out ${mem_dir}/hexm6d3.h5)
cgt_add_cli_test(NAME "memory: cgt-hex-openings --misere-replies on a winning 6x6 opening starts" STATUS 0 LABELS "memory;hex"
                 COMMAND ${bin}/cgt-hex-openings --sizes 1 --misere 6 --misere-replies --cells a1 --tasks 0 --quiet --force --out ${mem_dir}/hexm6a1.h5)
cgt_add_cli_test(NAME "memory: --allow-long starts the replies of a losing 6x6 opening" STATUS 0 LABELS "memory;hex"
                 COMMAND ${bin}/cgt-hex-openings --sizes 1 --misere 6 --misere-replies --cells a1,d3 --allow-long --tasks 0 --quiet --force --out ${mem_dir}/hexm6part.h5)
cgt_add_cli_test(NAME "memory: cgt-hex-openings --sizes 11 --node-limit 10^8 is estimated and refused" STATUS 2 LABELS "memory;hex"
                 STDERR "^error: --node-limit 100000000 on 61 openings is estimated to take about 14 days on one core, more than the 24-hour bound"
                 ABSENT ${mem_dir}/hex11.h5 COMMAND ${bin}/cgt-hex-openings --sizes 11 --node-limit 100000000 --out ${mem_dir}/hex11.h5)
# 8x8 is estimated from the whole map's 5 hours of a core (32 openings solved), a run of some
# of its openings (--cells) by their share; each runs its first task here, the 1x1 board.
cgt_add_cli_test(NAME "memory: cgt-hex-openings with all of 8x8 is told it takes hours" STATUS 0 LABELS "memory;hex"
                 STDERR "^cgt-hex-openings: note: --sizes with 8x8 is estimated to take about 5.0 hours on one core$"
                 COMMAND ${bin}/cgt-hex-openings --sizes 1,8 --tasks 0 --force --out ${mem_dir}/hex8note.h5)
cgt_add_cli_test(NAME "memory: cgt-hex-openings with 7 of 8x8's openings is told their share" STATUS 0 LABELS "memory;hex"
                 STDERR "^cgt-hex-openings: note: --sizes with 8x8 \\(7 of its openings solved\\) is estimated to take about 1.1 hours on one core$"
                 COMMAND ${bin}/cgt-hex-openings --sizes 1,8 --cells a1,b1,c1,d1,e1,f1,g1 --tasks 0 --force
                         --out ${mem_dir}/hex8share.h5)
# The 7x8 board's openings (hex-large's, seconds in all) are not 8x8's: a1..g1 of 7x8 beside
# them leave the note at 8x8's seven.
cgt_add_cli_test(NAME "memory: cgt-hex-openings counts only 8x8's openings in its note, not 7x8's" STATUS 0 LABELS "memory;hex"
                 STDERR "^cgt-hex-openings: note: --sizes with 8x8 \\(7 of its openings solved\\) is estimated to take about 1.1 hours on one core$"
                 COMMAND ${bin}/cgt-hex-openings --sizes 1,7x8,8 --cells a1,b1,c1,d1,e1,f1,g1 --tasks 0 --force
                         --out ${mem_dir}/hex78share.h5)
cgt_add_cli_test(NAME "memory: --allow-long starts a run with no estimate (its first task, a 1x1 board)" STATUS 0 LABELS "memory;hex"
                 COMMAND ${bin}/cgt-hex-openings --sizes 1 --misere 7 --allow-long --tasks 0 --quiet --force --out ${mem_dir}/hexm7part.h5)
cgt_add_cli_test(NAME "memory: without --allow-long that part is refused" STATUS 2 LABELS "memory;hex"
                 STDERR "^error: --misere 7 .*add --allow-long to run it$"
                 COMMAND ${bin}/cgt-hex-openings --sizes 1 --misere 7 --tasks 0 --quiet --force --out ${mem_dir}/hexm7part.h5)
cgt_add_cli_test(NAME "memory: cgt-hex-openings --sizes 9 --node-limit 1000 --tasks 0 runs (an estimate of seconds)" STATUS 0 LABELS "memory;hex"
                 COMMAND ${bin}/cgt-hex-openings --sizes 9 --node-limit 1000 --tasks 0 --quiet --force --out ${mem_dir}/hex9part.h5)
