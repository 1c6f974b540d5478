// ELF64 constants used by the SBF linker (System V gABI plus the BPF relocation numbers from LLVM).

export const EM_BPF = 247;
export const ELFCLASS64 = 2;
export const ELFDATA2LSB = 1;
export const EV_CURRENT = 1;
export const ET_REL = 1;
export const ET_DYN = 3;

export const EHDR_SIZE = 64;
export const PHDR_SIZE = 56;
export const SHDR_SIZE = 64;
export const SYM_SIZE = 24;
export const REL_SIZE = 16;
export const DYN_SIZE = 16;
export const INSN_SIZE = 8;

export const SHT_NULL = 0;
export const SHT_PROGBITS = 1;
export const SHT_SYMTAB = 2;
export const SHT_STRTAB = 3;
export const SHT_RELA = 4;
export const SHT_DYNAMIC = 6;
export const SHT_NOBITS = 8;
export const SHT_REL = 9;
export const SHT_DYNSYM = 11;

export const SHF_WRITE = 0x1;
export const SHF_ALLOC = 0x2;
export const SHF_EXECINSTR = 0x4;

export const SHN_UNDEF = 0;
export const SHN_ABS = 0xfff1;
export const SHN_COMMON = 0xfff2;

export const STB_LOCAL = 0;
export const STB_GLOBAL = 1;
export const STB_WEAK = 2;
export const STT_NOTYPE = 0;
export const STT_OBJECT = 1;
export const STT_FUNC = 2;
export const STT_SECTION = 3;

export const PT_LOAD = 1;
export const PT_DYNAMIC = 2;
export const PF_X = 0x1;
export const PF_W = 0x2;
export const PF_R = 0x4;

export const DT_NULL = 0;
export const DT_STRTAB = 5;
export const DT_SYMTAB = 6;
export const DT_STRSZ = 10;
export const DT_SYMENT = 11;
export const DT_REL = 17;
export const DT_RELSZ = 18;
export const DT_RELENT = 19;
export const DT_TEXTREL = 22;
export const DT_FLAGS = 30;
export const DF_TEXTREL = 0x4;

// Relocation types clang emits for -target bpfel (llvm/BinaryFormat/ELFRelocs/BPF.def).
export const R_BPF_NONE = 0;
export const R_BPF_64_64 = 1; // lddw: 64-bit address split over the two imm fields
export const R_BPF_64_ABS64 = 2; // 64-bit absolute address in data
export const R_BPF_64_ABS32 = 3;
export const R_BPF_64_NODYLD32 = 4;
export const R_BPF_64_32 = 10; // call imm

// SBPF opcodes the linker has to look at.
export const OP_CALL_IMM = 0x85;
export const OP_CALL_REG = 0x8d;
export const OP_LDDW = 0x18;
export const OP_EXIT = 0x95;

/** Where the Solana VM maps the read-only region (program text and rodata): address 0 of the file is at 4 GiB. */
export const MM_RODATA_START = 0x1_0000_0000n;
