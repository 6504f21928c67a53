# Scaling plot of bench/compare (called by bench/report.py with dir='WORKDIR'; output='FILE.svg'):
# derivation time and forward-dynamics time per call against the chain length n, log-log.
# Data: WORKDIR/derive.dat (n, adyn Kane, adyn Lagrange, SymPy Kane, SymPy Lagrange) and
# WORKDIR/forward.dat (n, adyn tape, adyn C, MuJoCo, Simbody, Pinocchio, DART), "?" where not
# measured (a timeout, or a size a tool did not run).
set terminal svg size 1000,420 dynamic enhanced font "sans,12" background "white"
set output output
set datafile missing "?"
set logscale xy
set grid
set xlabel "links n"
set format y "10^{%T}"
set multiplot layout 1,2
set title "Deriving M u' = F (planar chain)"
set xrange [1.7:30]
set xtics (2, 4, 8, 12, 16, 24)
set key bottom right
set ylabel "CPU time (s)"
plot dir."/derive.dat" using 1:2 with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "adyn Kane", \
     "" using 1:3 with linespoints lw 2 pt 5 lc rgb "#2ca02c" title "adyn Lagrange", \
     "" using 1:4 with linespoints lw 2 pt 6 dt 2 lc rgb "#d62728" title "SymPy KanesMethod", \
     "" using 1:5 with linespoints lw 2 pt 4 dt 2 lc rgb "#ff7f0e" title "SymPy LagrangesMethod"
set title "Forward dynamics, one call (planar chain)"
set xrange [1.7:120]
set xtics (2, 4, 12, 50, 100)
set key top left
set ylabel "CPU time per call (s)"
plot dir."/forward.dat" using 1:2 with linespoints lw 2 pt 5 lc rgb "#2ca02c" title "adyn tape", \
     "" using 1:3 with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "adyn C", \
     "" using 1:4 with linespoints lw 2 pt 6 dt 2 lc rgb "#9467bd" title "MuJoCo", \
     "" using 1:5 with linespoints lw 2 pt 4 dt 2 lc rgb "#8c564b" title "Simbody", \
     "" using 1:6 with linespoints lw 2 pt 8 dt 2 lc rgb "#e377c2" title "Pinocchio", \
     "" using 1:7 with linespoints lw 2 pt 10 dt 2 lc rgb "#7f7f7f" title "DART"
unset multiplot
