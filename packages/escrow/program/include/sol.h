/*
 * sol.h - a small, self-contained Solana ABI header for freestanding C on SBF (SBPFv0).
 *
 * Covers what the Jelly escrow needs: the serialized input of the aligned BPF loaders,
 * the C CPI structures, the syscalls we call, u128 helpers (the BPF backend has no
 * 128-bit multiply/divide builtins) and little-endian / Borsh read-write helpers.
 *
 * Memory notes: the SBF VM permits unaligned loads and stores, so the load/store
 * helpers below read through plain integer pointers. There is no .data/.bss: every
 * constant lives in .rodata and every mutable value on the stack or in account data.
 */
#ifndef JELLY_SOL_H
#define JELLY_SOL_H

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef signed long long i64;
typedef _Bool bool;
#define true 1
#define false 0
#define NULL ((void *)0)

#define SOL_INLINE static inline __attribute__((always_inline))

/* ---------- Program errors (the runtime's encoding of ProgramError) ---------- */

#define SUCCESS 0ULL
#define TO_BUILTIN(e) ((u64)(e) << 32)
#define ERROR_INVALID_ARGUMENT TO_BUILTIN(2)
#define ERROR_INVALID_INSTRUCTION_DATA TO_BUILTIN(3)
#define ERROR_INVALID_ACCOUNT_DATA TO_BUILTIN(4)
#define ERROR_NOT_ENOUGH_ACCOUNT_KEYS TO_BUILTIN(11)
#define ERROR_ARITHMETIC_OVERFLOW TO_BUILTIN(24)

/* ---------- Keys ---------- */

#define PUBKEY_BYTES 32
typedef struct {
  u8 x[PUBKEY_BYTES];
} SolPubkey;

/* ---------- Little-endian loads and stores (unaligned is fine on SBF) ---------- */

SOL_INLINE u64 ld_u64(const void *p) { return *(const u64 *)p; }
SOL_INLINE i64 ld_i64(const void *p) { return *(const i64 *)p; }
SOL_INLINE u32 ld_u32(const void *p) { return *(const u32 *)p; }
SOL_INLINE u16 ld_u16(const void *p) { return *(const u16 *)p; }
SOL_INLINE void st_u64(void *p, u64 v) { *(u64 *)p = v; }
SOL_INLINE void st_i64(void *p, i64 v) { *(i64 *)p = v; }
SOL_INLINE void st_u32(void *p, u32 v) { *(u32 *)p = v; }
SOL_INLINE void st_u16(void *p, u16 v) { *(u16 *)p = v; }

SOL_INLINE bool pubkey_eq(const void *a, const void *b) {
  const u64 *x = (const u64 *)a;
  const u64 *y = (const u64 *)b;
  return ((x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2]) | (x[3] ^ y[3])) == 0;
}

SOL_INLINE bool pubkey_is_zero(const void *a) {
  const u64 *x = (const u64 *)a;
  return (x[0] | x[1] | x[2] | x[3]) == 0;
}

SOL_INLINE void pubkey_copy(void *dst, const void *src) {
  u64 *d = (u64 *)dst;
  const u64 *s = (const u64 *)src;
  d[0] = s[0];
  d[1] = s[1];
  d[2] = s[2];
  d[3] = s[3];
}

/* ---------- Checked arithmetic ---------- */

SOL_INLINE bool add_u64(u64 a, u64 b, u64 *out) { return __builtin_add_overflow(a, b, out); }
SOL_INLINE bool sub_u64(u64 a, u64 b, u64 *out) { return __builtin_sub_overflow(a, b, out); }
/* ---------- u128 (hi:lo pairs; no __int128 multiply/divide on BPF) ---------- */

typedef struct {
  u64 lo;
  u64 hi;
} u128;

/* Full 64x64 -> 128 product, schoolbook on 32-bit halves. */
SOL_INLINE void u128_mul_u64(u64 a, u64 b, u128 *out) {
  u64 a_lo = a & 0xffffffffULL, a_hi = a >> 32;
  u64 b_lo = b & 0xffffffffULL, b_hi = b >> 32;
  u64 p0 = a_lo * b_lo;
  u64 p1 = a_lo * b_hi;
  u64 p2 = a_hi * b_lo;
  u64 p3 = a_hi * b_hi;
  u64 mid = (p0 >> 32) + (p1 & 0xffffffffULL) + (p2 & 0xffffffffULL);
  out->lo = (p0 & 0xffffffffULL) | (mid << 32);
  out->hi = p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
}

/*
 * Checked u64 product. Written through the 32-bit halves on purpose: clang turns every
 * textbook overflow test (__builtin_mul_overflow, `a > MAX / b`, `p / a != b`) into a
 * 128-bit multiply, which the BPF backend cannot lower (__multi3).
 */
SOL_INLINE bool mul_u64(u64 a, u64 b, u64 *out) {
  u128 p;
  u128_mul_u64(a, b, &p);
  *out = p.lo;
  return p.hi != 0;
}

/*
 * floor(n / d) for a 128-bit n and a non-zero 64-bit d, by restoring shift-subtract
 * division. Returns true (overflow) when the quotient does not fit in 64 bits.
 */
SOL_INLINE bool u128_div_u64(const u128 *n, u64 d, u64 *quotient) {
  if (d == 0 || n->hi >= d) return true;
  u64 rem = n->hi, q = 0, lo = n->lo;
  for (int i = 0; i < 64; i++) {
    u64 carry = rem >> 63;
    rem = (rem << 1) | (lo >> 63);
    lo <<= 1;
    q <<= 1;
    if (carry || rem >= d) {
      rem -= d;
      q |= 1;
    }
  }
  *quotient = q;
  return false;
}

/*
 * floor(a * b / d) exactly. When b and d both fit in 32 bits (fees in basis points),
 * it splits a = q*d + r so that a*b/d = q*b + r*b/d with no 128-bit product at all
 * (r*b < 2^64); otherwise it falls back to the u128 path. Returns true on overflow.
 */
SOL_INLINE bool mul_div_floor(u64 a, u64 b, u64 d, u64 *out) {
  if (d == 0) return true;
  if (b <= 0xffffffffULL && d <= 0xffffffffULL) {
    u64 q = a / d, r = a % d, hi;
    if (mul_u64(q, b, &hi)) return true;
    return add_u64(hi, (r * b) / d, out);
  }
  u128 p;
  u128_mul_u64(a, b, &p);
  return u128_div_u64(&p, d, out);
}

/* ---------- Serialized input (aligned loaders: BPFLoader2 and BPFLoaderUpgradeable) ---------- */

#define MAX_PERMITTED_DATA_INCREASE (10 * 1024)
#define NON_DUP_MARKER 0xff

/* Laid out exactly as the runtime's SolAccountInfo for sol_invoke_signed_c. */
typedef struct {
  SolPubkey *key;
  u64 *lamports;
  u64 data_len;
  u8 *data;
  SolPubkey *owner;
  u64 rent_epoch;
  bool is_signer;
  bool is_writable;
  bool executable;
} SolAccountInfo;

typedef struct {
  SolAccountInfo *ka; /* filled for the first ka_cap accounts */
  u64 ka_num;         /* number of accounts the transaction passed */
  const u8 *data;
  u64 data_len;
  const SolPubkey *program_id;
} SolParameters;

/*
 * Walks the input buffer once. Accounts past ka_cap are skipped but still counted, so a
 * caller can reject unexpected trailing accounts if it wants to. Duplicate entries copy
 * the info of the account they refer to (the runtime guarantees the index is earlier).
 */
SOL_INLINE void sol_deserialize(const u8 *input, SolParameters *params, u64 ka_cap) {
  u64 num = ld_u64(input);
  input += sizeof(u64);
  params->ka_num = num;
  for (u64 i = 0; i < num; i++) {
    u8 dup = input[0];
    if (dup == NON_DUP_MARKER) {
      u64 data_len = ld_u64(input + 80);
      if (i < ka_cap) {
        SolAccountInfo *a = &params->ka[i];
        a->is_signer = input[1] != 0;
        a->is_writable = input[2] != 0;
        a->executable = input[3] != 0;
        a->key = (SolPubkey *)(input + 8);
        a->owner = (SolPubkey *)(input + 40);
        a->lamports = (u64 *)(input + 72);
        a->data_len = data_len;
        a->data = (u8 *)(input + 88);
      }
      input += 88 + data_len + MAX_PERMITTED_DATA_INCREASE;
      input = (const u8 *)(((u64)input + 7) & ~7ULL);
      if (i < ka_cap) params->ka[i].rent_epoch = ld_u64(input);
      input += sizeof(u64);
    } else {
      /* the runtime guarantees dup < i, so within ka_cap the original is already filled */
      if (i < ka_cap) params->ka[i] = params->ka[dup];
      input += 8;
    }
  }
  params->data_len = ld_u64(input);
  input += sizeof(u64);
  params->data = input;
  input += params->data_len;
  params->program_id = (const SolPubkey *)input;
}

/* ---------- Syscalls ---------- */

typedef struct {
  const u8 *addr;
  u64 len;
} SolBytes;

typedef SolBytes SolSignerSeed;

typedef struct {
  const SolSignerSeed *addr;
  u64 len;
} SolSignerSeeds;

typedef struct {
  SolPubkey *pubkey;
  bool is_writable;
  bool is_signer;
} SolAccountMeta;

typedef struct {
  SolPubkey *program_id;
  SolAccountMeta *accounts;
  u64 account_len;
  u8 *data;
  u64 data_len;
} SolInstruction;

typedef struct {
  u64 slot;
  i64 epoch_start_timestamp;
  u64 epoch;
  u64 leader_schedule_epoch;
  i64 unix_timestamp;
} SolClock;

typedef struct {
  u64 lamports_per_byte_year;
  u64 exemption_threshold_bits; /* an f64, read as its IEEE-754 bits (no floating point here) */
  u8 burn_percent;
  u8 _padding[7];
} SolRent;

extern void sol_log_(const char *message, u64 len);
extern void sol_log_64_(u64 a, u64 b, u64 c, u64 d, u64 e);
extern void sol_log_data(const SolBytes *fields, u64 count);
extern u64 sol_create_program_address(const SolSignerSeed *seeds, u64 seeds_len, const SolPubkey *program_id,
                                      SolPubkey *address);
extern u64 sol_invoke_signed_c(const SolInstruction *instruction, const SolAccountInfo *account_infos,
                               int account_infos_len, const SolSignerSeeds *signers_seeds, int signers_seeds_len);
extern u64 sol_get_clock_sysvar(void *clock);
extern u64 sol_get_rent_sysvar(void *rent);

#define sol_log(message) sol_log_(message, sizeof(message) - 1)

/* ---------- Rent ---------- */

#define ACCOUNT_STORAGE_OVERHEAD 128

/*
 * The rent-exempt minimum, floor((128 + size) * lamports_per_byte_year * threshold), with
 * the f64 threshold applied exactly from its bits: value = mantissa * 2^(exponent - 1075).
 * Returns true on overflow or on a threshold that is not a positive normal number.
 */
SOL_INLINE bool rent_minimum_balance(const SolRent *rent, u64 data_len, u64 *out) {
  u64 bits = rent->exemption_threshold_bits;
  u64 exponent = (bits >> 52) & 0x7ff;
  if ((bits >> 63) != 0 || exponent == 0 || exponent == 0x7ff) return true;
  u64 mantissa = (bits & ((1ULL << 52) - 1)) | (1ULL << 52);
  u64 base;
  if (mul_u64(ACCOUNT_STORAGE_OVERHEAD + data_len, rent->lamports_per_byte_year, &base)) return true;
  u128 product;
  u128_mul_u64(base, mantissa, &product);
  if (exponent >= 1075) {
    u64 shift = exponent - 1075;
    if (product.hi != 0 || shift >= 64 || (product.lo >> (63 - shift)) > 1) return true;
    *out = product.lo << shift;
    return false;
  }
  u64 shift = 1075 - exponent;
  if (shift >= 128) {
    *out = 0;
  } else if (shift >= 64) {
    *out = product.hi >> (shift - 64);
  } else {
    if ((product.hi >> shift) != 0) return true;
    *out = (product.lo >> shift) | (shift == 0 ? 0 : product.hi << (64 - shift));
  }
  return false;
}

/* ---------- Borsh writer (events) ---------- */

typedef struct {
  u8 *buf;
  u64 len;
} BorshWriter;

SOL_INLINE void borsh_u8(BorshWriter *w, u8 v) { w->buf[w->len++] = v; }
SOL_INLINE void borsh_bool(BorshWriter *w, bool v) { w->buf[w->len++] = v ? 1 : 0; }
SOL_INLINE void borsh_u64(BorshWriter *w, u64 v) {
  st_u64(w->buf + w->len, v);
  w->len += 8;
}
SOL_INLINE void borsh_i64(BorshWriter *w, i64 v) {
  st_i64(w->buf + w->len, v);
  w->len += 8;
}
SOL_INLINE void borsh_u16(BorshWriter *w, u16 v) {
  st_u16(w->buf + w->len, v);
  w->len += 2;
}
SOL_INLINE void borsh_u32(BorshWriter *w, u32 v) {
  st_u32(w->buf + w->len, v);
  w->len += 4;
}
SOL_INLINE void borsh_pubkey(BorshWriter *w, const void *key) {
  pubkey_copy(w->buf + w->len, key);
  w->len += PUBKEY_BYTES;
}

#endif /* JELLY_SOL_H */
