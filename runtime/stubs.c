/* stubs.c: where a failed check's stub goes (memlens.h, __ML_STUB).
 *
 * A check is one asm statement whose slow path is a stub of its own in a
 * section of cold code: the C compiler sees no call and no slow-path block
 * (which made instrumented code several times slower to compile). The
 * stub pushes the check's operands and calls __ml_chk_fail, which must
 * preserve every register but the flags, the caller's compiler having
 * been told of no call:
 *
 *   9:  leaq -128(%rsp), %rsp       (past the red zone)
 *       pushq pw; pushq ps; pushq m; pushq a; pushq n
 *       call __ml_chk_fail
 *       .byte 0xe9; .long 8b - . - 4   (jmp back to the check's end, 8:)
 *       .long site - .                 (the check's site)
 *       .byte write                    (1 for a write)
 *       .long cs - site                (a direct leaf's check, which calls
 *                                       __ml_chk_fail_at: its call's site, 0 for none)
 *
 * __ml_chk_fail saves the integer registers the ABI lets a callee clobber
 * and the whole vector state (xsave: a report may run code using AVX, and
 * glibc's string functions end with vzeroupper), calls __ml_report_access,
 * restores them and returns into the stub, popping what it pushed. Its
 * unwind rule names the check's end as its caller's address, not the
 * stub's, so a debugger stopped in a report (break=1) shows the faulting
 * statement's frame, and where its registers were saved.
 */
#include "internal.h"

#include <cpuid.h>

/* The xsave area's size, rounded up to 64 bytes (0: none, fxsave instead);
 * the routine reads it at this address. */
#define ML_XSAVE_AT 0x6b000000000c
_Static_assert(ML_XSAVE_AT == ML_STATE_ADDR + ML_ST_XSAVE, "the stub routine reads ML_ST_XSAVE");
#define ML_STR(x) ML_STR2(x)
#define ML_STR2(x) #x

void ml_stubs_init(void)
{
	unsigned a, b, c, d;
	ML_STATE_AT(unsigned, ML_ST_XSAVE) = 0;
	/* (OSXSAVE: the system enabled xsave; leaf 13's ebx: the area for the
	 * features it enabled) */
	if (__get_cpuid(1, &a, &b, &c, &d) && (c & bit_OSXSAVE) && __get_cpuid_max(0, 0) >= 13) {
		__cpuid_count(13, 0, a, b, c, d);
		ML_STATE_AT(unsigned, ML_ST_XSAVE) = (b + 63) & ~63u;
	}
}

/* Saving, in a routine called where the compiler sees no call, the
 * integer registers the ABI lets a callee clobber (rbp the routine's
 * frame, rbx the xsave area's size, kept across the call) and the whole
 * vector state (xsave: a report may run code using AVX, and glibc's
 * string functions end with vzeroupper), the stack aligned for the call
 * that follows; and giving them back, the CFA then cfa bytes above rsp. */
#define ML_SAVE_ALL                                                                                 \
	"pushq %rbp\n\t"                                                                            \
	".cfi_adjust_cfa_offset 8\n\t"                                                              \
	".cfi_rel_offset %rbp, 0\n\t"                                                               \
	"movq %rsp, %rbp\n\t"                                                                       \
	".cfi_def_cfa_register %rbp\n\t"                                                            \
	"pushq %rax\n\t.cfi_rel_offset %rax, -8\n\t"                                                \
	"pushq %rcx\n\t.cfi_rel_offset %rcx, -16\n\t"                                               \
	"pushq %rdx\n\t.cfi_rel_offset %rdx, -24\n\t"                                               \
	"pushq %rsi\n\t.cfi_rel_offset %rsi, -32\n\t"                                               \
	"pushq %rdi\n\t.cfi_rel_offset %rdi, -40\n\t"                                               \
	"pushq %r8\n\t.cfi_rel_offset %r8, -48\n\t"                                                 \
	"pushq %r9\n\t.cfi_rel_offset %r9, -56\n\t"                                                 \
	"pushq %r10\n\t.cfi_rel_offset %r10, -64\n\t"                                               \
	"pushq %r11\n\t.cfi_rel_offset %r11, -72\n\t"                                               \
	"pushq %rbx\n\t.cfi_rel_offset %rbx, -80\n\t"                                               \
	"movabsq $" ML_STR(ML_XSAVE_AT) ", %rax\n\t"                                                \
	"movl (%rax), %ebx\n\t"                                                                     \
	"andq $-64, %rsp\n\t"                                                                       \
	"testl %ebx, %ebx\n\t"                                                                      \
	"jz 1f\n\t"                                                                                 \
	"subq %rbx, %rsp\n\t"                                                                       \
	"xorl %eax, %eax\n\t" /* the xsave header must start zeroed */                             \
	"movq %rax, 512(%rsp)\n\tmovq %rax, 520(%rsp)\n\tmovq %rax, 528(%rsp)\n\tmovq %rax, 536(%rsp)\n\t" \
	"movq %rax, 544(%rsp)\n\tmovq %rax, 552(%rsp)\n\tmovq %rax, 560(%rsp)\n\tmovq %rax, 568(%rsp)\n\t" \
	"movl $-1, %eax\n\t"                                                                        \
	"movl $-1, %edx\n\t"                                                                        \
	"xsave (%rsp)\n\t"                                                                          \
	"jmp 2f\n"                                                                                  \
	"1:\tsubq $512, %rsp\n\t"                                                                   \
	"fxsave (%rsp)\n"                                                                           \
	"2:\t"
#define ML_RESTORE_ALL(cfa)                                                                         \
	"testl %ebx, %ebx\n\t"                                                                      \
	"jz 3f\n\t"                                                                                 \
	"movl $-1, %eax\n\t"                                                                        \
	"movl $-1, %edx\n\t"                                                                        \
	"xrstor (%rsp)\n\t"                                                                         \
	"jmp 4f\n"                                                                                  \
	"3:\tfxrstor (%rsp)\n"                                                                      \
	"4:\tleaq -80(%rbp), %rsp\n\t"                                                              \
	"popq %rbx\n\tpopq %r11\n\tpopq %r10\n\tpopq %r9\n\tpopq %r8\n\t"                           \
	"popq %rdi\n\tpopq %rsi\n\tpopq %rdx\n\tpopq %rcx\n\tpopq %rax\n\t"                         \
	"popq %rbp\n\t"                                                                             \
	".cfi_def_cfa %rsp, " cfa "\n\t"                                                            \
	".cfi_restore %rbp\n\t.cfi_restore %rax\n\t.cfi_restore %rcx\n\t.cfi_restore %rdx\n\t"      \
	".cfi_restore %rsi\n\t.cfi_restore %rdi\n\t.cfi_restore %r8\n\t.cfi_restore %r9\n\t"        \
	".cfi_restore %r10\n\t.cfi_restore %r11\n\t.cfi_restore %rbx\n\t"

/* On entry: the stub's return address, n, a, m, ps, pw, then the red zone
 * skipped: the check's stack pointer (the CFA) is 176 bytes up. Its
 * caller's address is the stub's jmp target: ret + 5 + the jmp's rel32 at
 * ret + 1 (DW_CFA_val_expression for rip: CFA 176 - deref dup 1 + deref4,
 * sign-extended, + 5). A direct leaf's stub (memlens.h's _at checks) calls
 * __ml_chk_fail_at, which runs before first: its data's last word is its
 * caller's call site less the check's (0: none), stored in the caller's
 * frame slot. */
#define ML_CHK_FAIL(name, before, after)                                                              \
	__asm__(".text\n"                                                                            \
	        ".globl " name "\n"                                                                  \
	        ".type " name ", @function\n" name ":\n\t"                                            \
	        ".cfi_startproc\n\t"                                                                  \
	        ".cfi_def_cfa_offset 176\n\t"                                                         \
	        ".cfi_escape 0x16, 0x10, 23, 0x10, 0xb0, 0x01, 0x1c, 0x06, 0x12, 0x23, 0x01, 0x94, 0x04," \
	        " 0x12, 0x0c, 0x00, 0x00, 0x00, 0x80, 0x1a, 0x31, 0x24, 0x1c, 0x22, 0x23, 0x05\n\t"     \
	        ML_SAVE_ALL before "movq 8(%rbp), %rax\n\t" /* the stub's data */                     \
	        "movq 24(%rbp), %rdi\n\t"                   /* a */                                   \
	        "movq 32(%rbp), %rsi\n\t"                   /* m */                                   \
	        "movq 16(%rbp), %rdx\n\t"                   /* n */                                   \
	        "movzbl 9(%rax), %ecx\n\t"                                                            \
	        "shlq $63, %rcx\n\t"                                                                  \
	        "orq %rcx, %rdx\n\t"                        /* | __ML_WRITE */                        \
	        "movslq 5(%rax), %rcx\n\t"                                                            \
	        "leaq 5(%rax,%rcx), %rcx\n\t"               /* site */                                \
	        "movq 40(%rbp), %r8\n\t"                    /* ps */                                  \
	        "movq 48(%rbp), %r9\n\t"                    /* pw */                                  \
	        "call __ml_report_access@PLT\n\t" after ML_RESTORE_ALL("176") "ret $168\n\t"         \
	        ".cfi_endproc\n"                                                                      \
	        ".size " name ", .-" name "\n")
ML_CHK_FAIL("__ml_chk_fail", "", "");

/* The call's site stored in the caller's frame slot, or pushed as a frame
 * of its own and popped after the report (memlens.h's __ml_at_call). */
__attribute__((used)) static void ml_at_caller(long from_site, const char *site)
{
	if (from_site)
		__ml_at_call((const site_t *)(site + from_site));
}
__attribute__((used)) static void ml_at_caller_done(long from_site, const char *site)
{
	if (from_site)
		__ml_at_call_done((const site_t *)(site + from_site));
}
#define ML_CS_ARGS                                                                                    \
	"movq 8(%rbp), %rax\n\t"                                                                      \
	"movslq 5(%rax), %rsi\n\t"                                                                    \
	"leaq 5(%rax,%rsi), %rsi\n\t" /* site */                                                      \
	"movslq 10(%rax), %rdi\n\t"   /* cs - site */
ML_CHK_FAIL("__ml_chk_fail_at", ML_CS_ARGS "call ml_at_caller\n\t", ML_CS_ARGS "call ml_at_caller_done\n\t");

/* The cold calls of memlens.h's helpers (__ML_KEEP0 and co.) go through a
 * trampoline fn_keep, which puts fn's address above its return address
 * (rax kept) and jumps here. Below the caller's stack pointer then: the red
 * zone, five words of arguments, the return address and fn (the CFA is
 * 184 bytes up). fn's result goes into the first argument's word, which
 * the caller pops. */
__asm__(".text\n"
        ".type __mlrt_keep, @function\n"
        "__mlrt_keep:\n\t"
        ".cfi_startproc\n\t"
        ".cfi_def_cfa_offset 184\n\t"
        ".cfi_offset %rip, -176\n\t"
        ML_SAVE_ALL
        "movq 24(%rbp), %rdi\n\t"
        "movq 32(%rbp), %rsi\n\t"
        "movq 40(%rbp), %rdx\n\t"
        "movq 48(%rbp), %rcx\n\t"
        "movq 56(%rbp), %r8\n\t"
        "call *8(%rbp)\n\t"
        "movq %rax, 24(%rbp)\n\t"
        ML_RESTORE_ALL("184")
        "leaq 8(%rsp), %rsp\n\t"
        ".cfi_def_cfa_offset 176\n\t"
        "ret\n\t"
        ".cfi_endproc\n"
        ".size __mlrt_keep, .-__mlrt_keep\n");
/* fn's trampoline: rax pushed (the CFA then 184 bytes up), first run
 * (the loss checks' test, which may return from the trampoline itself),
 * then fn's address swapped into rax's word and __mlrt_keep. */
#define ML_KEEPING_AFTER(fn, first)                                                 \
	__asm__(".text\n"                                                           \
	        ".globl " #fn "_keep\n"                                             \
	        ".type " #fn "_keep, @function\n"                                   \
	        #fn "_keep:\n\t"                                                   \
	        ".cfi_startproc\n\t"                                                \
	        ".cfi_def_cfa_offset 176\n\t"                                       \
	        ".cfi_offset %rip, -176\n\t"                                        \
	        "pushq %rax\n\t"                                                    \
	        ".cfi_def_cfa_offset 184\n\t"                                       \
	        first                                                               \
	        "movq " #fn "@GOTPCREL(%rip), %rax\n\t"                             \
	        "xchgq %rax, (%rsp)\n\t"                                            \
	        "jmp __mlrt_keep\n\t"                                               \
	        ".cfi_endproc\n"                                                    \
	        ".size " #fn "_keep, .-" #fn "_keep\n");
#define ML_KEEPING(fn) ML_KEEPING_AFTER(fn, "")
ML_KEEPING(__ml_side_new)
ML_KEEPING(__ml_step_refill)
ML_KEEPING(__ml_store_step)
ML_KEEPING(__ml_copy_small)
ML_KEEPING(__ml_register_lent_at)
ML_KEEPING(__ml_scope_pop)
ML_KEEPING(__ml_scope_pop_depth)
ML_KEEPING(__ml_meta_of)
ML_KEEPING(__ml_move_slow)
ML_KEEPING(__ml_report_index)
ML_KEEPING(__ml_register_global)
ML_KEEPING(__ml_report_uninit)
ML_KEEPING(__ml_def_store)
ML_KEEPING(__ml_def_origin)
ML_KEEPING(__ml_report_uninit_value)
ML_KEEPING(__ml_report_uninit_pointer)

/* The trampolines of the loss checks (memlens.h's __ML_LOST_STUB), which
 * return at once, every register but the flags kept, when no note is
 * theirs (loss.c's ml_lost_deepest): the statement's check looks at the
 * notes of its depth and deeper (__ml_t.depth, stored before its asm,
 * which clobbers memory), the returning frame's at those deeper than the
 * depth it returns to (the first argument: its store to __ml_t.depth may
 * come after). Else they run fast, the C routine that uses the general
 * registers alone (given the first argument), saving those, and fn,
 * saving every register, only when fast returns nonzero. */
#define ML_T_DEPTH 520
_Static_assert(__builtin_offsetof(struct __ml_thread, depth) == ML_T_DEPTH, "ML_T_DEPTH is __ml_t.depth's offset");
#define ML_LOST_FIRST(fast, depth_at, theirs)                                       \
	"movl %fs:__mlrt_lost_deepest@tpoff, %eax\n\t"                             \
	"cmpl " depth_at ", %eax\n\t"                                               \
	theirs " 1f\n\t"                                                            \
	"popq %rax\n\t"                                                             \
	".cfi_def_cfa_offset 176\n\t"                                               \
	"ret\n"                                                                      \
	"1:\t.cfi_def_cfa_offset 184\n\t"                                           \
	"pushq %rbp\n\t"                                                            \
	".cfi_def_cfa_offset 192\n\t"                                               \
	".cfi_offset %rbp, -192\n\t"                                                \
	"movq %rsp, %rbp\n\t"                                                       \
	".cfi_def_cfa_register %rbp\n\t"                                            \
	"pushq %rcx\n\tpushq %rdx\n\tpushq %rsi\n\tpushq %rdi\n\t"                   \
	"pushq %r8\n\tpushq %r9\n\tpushq %r10\n\tpushq %r11\n\t"                     \
	"movq 24(%rbp), %rdi\n\t"                                                   \
	"andq $-16, %rsp\n\t"                                                       \
	"call " ML_STR(fast) "@PLT\n\t"                                             \
	"testl %eax, %eax\n\t"                                                      \
	"leaq -64(%rbp), %rsp\n\t"                                                  \
	"popq %r11\n\tpopq %r10\n\tpopq %r9\n\tpopq %r8\n\t"                         \
	"popq %rdi\n\tpopq %rsi\n\tpopq %rdx\n\tpopq %rcx\n\t"                       \
	"popq %rbp\n\t"                                                             \
	".cfi_def_cfa %rsp, 184\n\t"                                                \
	".cfi_restore %rbp\n\t"                                                     \
	"jnz 2f\n\t"                                                                \
	"popq %rax\n\t"                                                             \
	".cfi_def_cfa_offset 176\n\t"                                               \
	"ret\n"                                                                      \
	"2:\t.cfi_def_cfa_offset 184\n\t"
ML_KEEPING_AFTER(__ml_lost_check, ML_LOST_FIRST(ml_lost_held, "%fs:__ml_t@tpoff+" ML_STR(ML_T_DEPTH), "jae"))
ML_KEEPING_AFTER(__ml_lost_leave, ML_LOST_FIRST(ml_lost_lowered, "16(%rsp)", "ja"))

/* memlens.h's __ML_KEEPG3: fn's arguments in rdi, rsi, rdx and its result
 * in rax, the other caller-saved general registers kept (the caller's asm
 * clobbers the vector and x87 registers). The caller skipped the red zone, so the
 * CFA is 136 bytes up. */
#define ML_KEEPING_GPRS(fn)                                                         \
	__asm__(".text\n"                                                           \
	        ".globl " #fn "_keepg\n"                                            \
	        ".type " #fn "_keepg, @function\n"                                  \
	        #fn "_keepg:\n\t"                                                   \
	        ".cfi_startproc\n\t"                                                \
	        ".cfi_def_cfa_offset 136\n\t"                                       \
	        ".cfi_offset %rip, -136\n\t"                                        \
	        "pushq %rbp\n\t"                                                    \
	        ".cfi_def_cfa_offset 144\n\t"                                       \
	        ".cfi_offset %rbp, -144\n\t"                                        \
	        "movq %rsp, %rbp\n\t"                                               \
	        ".cfi_def_cfa_register %rbp\n\t"                                    \
	        "pushq %rcx\n\tpushq %r8\n\tpushq %r9\n\tpushq %r10\n\tpushq %r11\n\t"      \
	        "andq $-16, %rsp\n\t"                                               \
	        "call *" #fn "@GOTPCREL(%rip)\n\t"                                  \
	        "leaq -40(%rbp), %rsp\n\t"                                          \
	        "popq %r11\n\tpopq %r10\n\tpopq %r9\n\tpopq %r8\n\tpopq %rcx\n\t"           \
	        "popq %rbp\n\t"                                                     \
	        ".cfi_def_cfa %rsp, 136\n\t"                                        \
	        "ret\n\t"                                                           \
	        ".cfi_endproc\n"                                                     \
	        ".size " #fn "_keepg, .-" #fn "_keepg\n");
ML_KEEPING_GPRS(__ml_register_local)
ML_KEEPING_GPRS(__ml_scope_pop_depth)

/* The call of a function that may exit (memlens.h's __ml_exit_call): its
 * words in rdi, rsi, rdx, rcx, the function pushed past the red zone, so
 * the CFA is 144 bytes up. Every register kept, al 0 for a variadic
 * function (no vector argument); returns popping the function. */
__asm__(".text\n"
        ".globl __ml_exit_keep\n"
        ".type __ml_exit_keep, @function\n"
        "__ml_exit_keep:\n\t"
        ".cfi_startproc\n\t"
        ".cfi_def_cfa_offset 144\n\t"
        ".cfi_offset %rip, -144\n\t"
        ML_SAVE_ALL
        "movq -24(%rbp), %rdx\n\t"
        "xorl %eax, %eax\n\t"
        "call *16(%rbp)\n\t"
        ML_RESTORE_ALL("144")
        "ret $8\n\t"
        ".cfi_endproc\n"
        ".size __ml_exit_keep, .-__ml_exit_keep\n");

/* The slow path of a move in place (memlens.h's __ml_move, detection mode),
 * which its stub calls through __ml_move_slow_keep: what the C path did. */
meta_t __ml_move_slow(uptr slot, uptr v, uptr t, meta_t tag)
{
	meta_t m = __ml_ld_miss(slot, v, tag);
	__ml_st(slot, t, m, tag, 0, 0, 0, 0);
	return m;
}

/* A load's stub (memlens.h, __ml_ld) pushes tag, v and slot past the red
 * zone, and a step's (__ml_pend, when its chunk of ids is used up and
 * explanations are on) w, 0 and s; each calls one of these, which calls
 * its C function with the three words, leaves the result in the first
 * word pushed and returns popping the other two: the stub pops the result
 * into the asm's output. (The stub has no unwind information: a backtrace
 * from here ends at it.) */
meta_t ml_ld_miss_full(uptr slot, uptr v, meta_t tag)
{
	return __ml_ld_miss_full(slot, v, tag);
}
#define ML_FAIL3(name, first, callee)                       \
	__asm__(".text\n"                                   \
	        ".globl " name "\n"                          \
	        ".type " name ", @function\n"                \
	        name ":\n\t"                                 \
	        ".cfi_startproc\n\t"                         \
	        first                                        \
	        ML_SAVE_ALL                                  \
	        "movq 16(%rbp), %rdi\n\t"                    \
	        "movq 24(%rbp), %rsi\n\t"                    \
	        "movq 32(%rbp), %rdx\n\t"                    \
	        "call " callee "\n\t"                        \
	        "movq %rax, 32(%rbp)\n\t"                    \
	        ML_RESTORE_ALL("8")                          \
	        "ret $16\n\t"                                \
	        ".cfi_endproc\n"                             \
	        ".size " name ", .-" name "\n")
/* A NULL loaded from a slot whose shadow is not NULL's (calloc'd or
 * memset memory, whose shadow says nothing or names what the slot held
 * before: hash.c's empty buckets) is __ml_ld_slow's answer computed without
 * saving every register and the vector state: the meta the store left
 * with its hash inverted (a pointer stored out of bounds), else NULL's.
 * Three registers are kept on the stack, above the words the stub pushed.
 * With full checking (__ml_ld_miss_full) an aligned slot's definedness is
 * asked first: a slot never written goes the slow way, to its report. */
_Static_assert(__ML_META_XOR == 0x500000000000UL && __ML_META_OFF == 0x200000UL && __ML_FIRST_SLOT == 4096u && __ML_HASH_OOB == 0xffffUL &&
                   __ML_META_MASK == 0xffffffffffffUL && __ML_NULL == 0UL && (__ML_META_XOR >> 3 | __ML_DEF_BASE) == 0x1a0000000000UL,
               "the constants of ML_LD_NULL");
#define ML_LD_NULL_WRITTEN                                                              \
	"testb $7, 32(%rsp)\n\t"                                                      \
	"jnz 8f\n\t"                                                                  \
	"movq 32(%rsp), %rax\n\t"                                                     \
	"shrq $3, %rax\n\t"                                                           \
	"movabsq $0x1a0000000000, %rcx\n\t"                                           \
	"xorq %rcx, %rax\n\t"                                                         \
	"cmpb $-1, (%rax)\n\t"   /* its definedness: every bit undefined */           \
	"je 8f\n\t"
#define ML_LD_NULL(written, unwritten)                                                  \
	"cmpq $0, 16(%rsp)\n\t"                                                       \
	"jne 9f\n\t"                                                                  \
	"pushq %rax\n\t.cfi_adjust_cfa_offset 8\n\t"                                \
	"pushq %rcx\n\t.cfi_adjust_cfa_offset 8\n\t"                                \
	"pushq %rdx\n\t.cfi_adjust_cfa_offset 8\n\t"                                \
	written                                                                       \
	"movq 32(%rsp), %rax\n\t"   /* the slot */                                    \
	"andq $-8, %rax\n\t"                                                          \
	"movabsq $0x500000000000, %rcx\n\t"                                           \
	"xorq %rcx, %rax\n\t"                                                         \
	"movq 0x200000(%rax), %rax\n\t" /* its shadow */                              \
	"movq 48(%rsp), %rdx\n\t"   /* the tag: the hash of 0 ^ tag, inverted */      \
	"movabsq $0x9e3779b97f4a7c15, %rcx\n\t"                                       \
	"imulq %rcx, %rdx\n\t"                                                        \
	"shrq $48, %rdx\n\t"                                                          \
	"xorq $0xffff, %rdx\n\t"                                                      \
	"movq %rax, %rcx\n\t"                                                         \
	"shrq $48, %rcx\n\t"                                                          \
	"cmpq %rdx, %rcx\n\t"                                                         \
	"jne 1f\n\t"                                                                  \
	"cmpl $4096, %eax\n\t"                                                        \
	"jb 1f\n\t"                                                                   \
	"shlq $16, %rax\n\t"                                                          \
	"shrq $16, %rax\n\t"                                                          \
	"jmp 2f\n"                                                                     \
	"1:\txorl %eax, %eax\n"                                                       \
	"2:\tmovq %rax, 48(%rsp)\n\t"                                                \
	"popq %rdx\n\t.cfi_adjust_cfa_offset -8\n\t"                                \
	"popq %rcx\n\t.cfi_adjust_cfa_offset -8\n\t"                                \
	"popq %rax\n\t.cfi_adjust_cfa_offset -8\n\t"                                \
	"ret $16\n"                                                                    \
	unwritten                                                                     \
	"9:\t"
/* (where ML_LD_NULL_WRITTEN found the slot never written: the slow way) */
#define ML_LD_NULL_UNWRITTEN                                                            \
	"8:\t.cfi_adjust_cfa_offset 24\n\t"                                          \
	"popq %rdx\n\t.cfi_adjust_cfa_offset -8\n\t"                                \
	"popq %rcx\n\t.cfi_adjust_cfa_offset -8\n\t"                                \
	"popq %rax\n\t.cfi_adjust_cfa_offset -8\n"
ML_FAIL3("__ml_ld_fail", ML_LD_NULL("", ""), "__ml_ld_slow@PLT");
ML_FAIL3("__ml_ld_fail_full", ML_LD_NULL(ML_LD_NULL_WRITTEN, ML_LD_NULL_UNWRITTEN), ML_STR(ml_ld_miss_full) "@PLT");
ML_FAIL3("__ml_step_fail", "", "__ml_step_refill@PLT");
