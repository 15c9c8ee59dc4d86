/* handrank: one hold'em hand from Python, in one one-argument call.
 *
 * cffi calls a one-argument function without packing an argument tuple, so
 * each hand size and id width has its own entry point (see handrank.h's
 * hr_evalN_holdem for one id per byte).  hr_evalN_i64_holdem reads exactly N
 * native-endian 64-bit ids (a 1-D int64 or uint64 numpy array's bytes),
 * hr_evalN_u32_holdem and hr_evalN_u16_holdem N 32- or 16-bit ids (either
 * signedness: each id is read as unsigned, so a negative one is out of
 * range).  Each returns
 * the hand's strength, or 0 for an id outside 0..51 or a repeated card: the
 * caller then takes its general path, which names the error. */
#ifndef HANDRANK_ONEHAND_H
#define HANDRANK_ONEHAND_H

#include "handrank.h"

int hr_eval5_i64_holdem(const char *ids);
int hr_eval6_i64_holdem(const char *ids);
int hr_eval7_i64_holdem(const char *ids);
int hr_eval5_u32_holdem(const char *ids);
int hr_eval6_u32_holdem(const char *ids);
int hr_eval7_u32_holdem(const char *ids);
int hr_eval5_u16_holdem(const char *ids);
int hr_eval6_u16_holdem(const char *ids);
int hr_eval7_u16_holdem(const char *ids);

#endif
