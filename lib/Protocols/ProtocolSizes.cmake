# Two-party additive sharing: the element counts the ss lowering pads a
# value to (lib/Dialect/SS/Transforms), powers of two so that few sizes of
# the ss_additive.mlir.in template are instantiated.
set(MPLANG_SS_SIZES 16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536,131072,262144,524288,1048576)
