# Sizes and size rules shared by lib/Protocols/CMakeLists.txt,
# Instantiate.cmake and the Python package (python/CMakeLists.txt).

# Silent VOLE: the number of GGM trees (regular noise weight) and the
# expand-accumulate code's expander weight (docs/protocols.md, "Silent VOLE").
set(MPLANG_SVOLE_TREES 400)
set(MPLANG_SVOLE_WEIGHT 21)

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
