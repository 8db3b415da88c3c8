# Sizes and size rules shared by lib/Protocols/CMakeLists.txt,
# Instantiate.cmake and the Python package (python/CMakeLists.txt).

# Silent VOLE (docs/protocols.md, "Silent VOLE"): the expand-convolute
# code's expander weight and convolution band (RRT23's ExConv7x24), and the
# least number of GGM trees, one noise position each (regular noise).
set(MPLANG_SVOLE_WEIGHT 7)
set(MPLANG_SVOLE_BAND 24)
set(MPLANG_SVOLE_MIN_TREES 248)

# The trees of silent VOLE with n outputs: at least 2 n noise positions
# (code rate 1/2) in t trees of 2^d leaves, d as large as keeps
# t >= MPLANG_SVOLE_MIN_TREES, so t < 2 MPLANG_SVOLE_MIN_TREES and t 2^d is
# less than one tree above 2 n. The base VOLE (512 elements) and the tree
# OTs (16384) bound t and t d.
function(mplang_svole_trees n outTrees outDepth)
  set(d 1)
  set(t ${n})
  math(EXPR next "(${n} + 1) / 2")
  while(NOT next LESS MPLANG_SVOLE_MIN_TREES)
    set(t ${next})
    math(EXPR d "${d} + 1")
    math(EXPR next "(2 * ${n} + (2 << ${d}) - 1) / (2 << ${d})")
  endwhile()
  if(t LESS MPLANG_SVOLE_MIN_TREES)
    set(t ${MPLANG_SVOLE_MIN_TREES})
  endif()
  math(EXPR ots "${t} * ${d}")
  if(t GREATER 512 OR ots GREATER 16384)
    message(FATAL_ERROR "silent VOLE of ${n}: ${t} trees of depth ${d} need more base VOLEs or OTs than shipped")
  endif()
  set(${outTrees} ${t} PARENT_SCOPE)
  set(${outDepth} ${d} PARENT_SCOPE)
endfunction()

# The OKVS table size RR22 PSI uses for n items: floor(n * c), c from the
# expansion table of docs/field.md, rounded up to a multiple of 128.
function(mplang_okvs_size n out)
  if(n LESS_EQUAL 200)
    math(EXPR m "${n} * 25")
  elseif(n LESS 1000)
    math(EXPR m "${n} * 12")
  elseif(n LESS_EQUAL 10000)
    math(EXPR m "${n} * 16 / 10")
  elseif(n LESS_EQUAL 100000)
    math(EXPR m "${n} * 14 / 10")
  else()
    math(EXPR m "${n} * 135 / 100")
  endif()
  math(EXPR m "(${m} + 127) / 128 * 128")
  set(${out} ${m} PARENT_SCOPE)
endfunction()

# Tags of RR22 PSI between n and n items: 40 + 2 log2(n) bits (statistical
# security 40 against a false match among n * n pairs), in 16-bit words.
function(mplang_psi_tag_words n out)
  set(bits 0)
  set(p 1)
  while(p LESS n)
    math(EXPR p "${p} * 2")
    math(EXPR bits "${bits} + 1")
  endwhile()
  math(EXPR w "(40 + 2 * ${bits} + 15) / 16")
  set(${out} ${w} PARENT_SCOPE)
endfunction()

# Shapes are static, so sized functions ship one instance per size.
set(MPLANG_OT_SIZES 128,1024,16384,65536,131072,1048576,2097152)
set(MPLANG_VOLE_SIZES 128,512,1024,16384)
set(MPLANG_PSI_SIZES 128,1024,16384,65536,1048576)

# `fn(n)` for each n of the comma-separated `sizes`, each result once,
# comma-separated.
function(mplang_map_sizes sizes fn out)
  set(results "")
  string(REPLACE "," ";" items "${sizes}")
  foreach(n ${items})
    cmake_language(CALL ${fn} ${n} m)
    list(APPEND results ${m})
  endforeach()
  list(REMOVE_DUPLICATES results)
  list(JOIN results "," joined)
  set(${out} "${joined}" PARENT_SCOPE)
endfunction()

# Each PSI size runs a silent VOLE as long as its OKVS.
mplang_map_sizes("${MPLANG_PSI_SIZES}" mplang_okvs_size MPLANG_SVOLE_SIZES)

# Two-party additive sharing (ss_additive.mlir.in) ships these element
# counts; the ss lowering pads a value to the next one. Triples are made in
# chunks, each an OT multiplication (ss_ot_mul.mlir.in) of 64 IKNP OTs per
# element: 64 times every chunk size must be an OT size.
set(MPLANG_SS_SIZES 16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536,131072,262144,524288,1048576)

# The chunk of an additive-sharing size n: the largest of 16, 256 and 1024
# elements that is at most n (all are powers of two, so it divides n).
# Chunks of 1024 keep every tensor of an extension under 2 MiB, where the
# allocator reuses memory instead of mapping fresh pages.
function(mplang_ss_chunk n out)
  set(chunk 16)
  foreach(c 256 1024)
    if(NOT n LESS c)
      set(chunk ${c})
    endif()
  endforeach()
  set(${out} ${chunk} PARENT_SCOPE)
endfunction()

# The OT multiplications those chunks use.
mplang_map_sizes("${MPLANG_SS_SIZES}" mplang_ss_chunk MPLANG_SS_OT_MUL_SIZES)

# The ANDs of XOR-shared words (ss_bool.mlir.in): a comparison of n elements
# (ss_compare.mlir.in) ANDs n and 2 n words.
set(MPLANG_SS_BOOL_SIZES ${MPLANG_SS_SIZES},2097152)
