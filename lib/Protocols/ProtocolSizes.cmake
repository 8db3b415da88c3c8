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
# Each PSI size runs a silent VOLE as long as its OKVS.
set(MPLANG_SVOLE_SIZES "")
string(REPLACE "," ";" psiSizes "${MPLANG_PSI_SIZES}")
foreach(n ${psiSizes})
  mplang_okvs_size(${n} m)
  list(APPEND MPLANG_SVOLE_SIZES ${m})
endforeach()
list(JOIN MPLANG_SVOLE_SIZES "," MPLANG_SVOLE_SIZES)
