/*
 * A stand-in for WeCom's libWeWorkFinanceSdk_C.so with the same C functions (WeWorkFinanceSdk_C.h), for the tests,
 * the bench and the chaos scenario. It serves the chat data of $FAKE_FINANCE_DIR:
 *   chatdata.jsonl   one chatdata item a line, in seq order: {"seq":..,"msgid":..,"publickey_ver":..,
 *                    "encrypt_random_key":..,"encrypt_chat_msg":..} (the random key really RSA-encrypted)
 *   media/<sdkfileid> the bytes of a media file, served in pieces of at most 512 KB
 * DecryptData's cipher is not WeCom's: encrypt_chat_msg = base64(message XOR the random key, repeated), and a
 * result that is not a JSON object is refused as the real SDK refuses a wrong key (10xxx).
 * $FAKE_FINANCE_DELAY_MS makes each GetChatData slow (the chaos scenario kills the pull in the middle).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct WeWorkFinanceSdk_t { int ready; } WeWorkFinanceSdk_t;
typedef struct Slice_t { char *buf; int len; } Slice_t;
typedef struct MediaData { char *outindexbuf; int out_len; char *data; int data_len; int is_finish; } MediaData_t;

#define PIECE (512 * 1024)

static const char *dir(void) {
  const char *d = getenv("FAKE_FINANCE_DIR");
  return d ? d : ".";
}

static void set_slice(Slice_t *s, const char *buf, int len) {
  free(s->buf);
  s->buf = malloc(len + 1);
  memcpy(s->buf, buf, len);
  s->buf[len] = 0;
  s->len = len;
}

WeWorkFinanceSdk_t *NewSdk(void) { return calloc(1, sizeof(WeWorkFinanceSdk_t)); }

int Init(WeWorkFinanceSdk_t *sdk, const char *corpid, const char *secret) {
  const char *want = getenv("FAKE_FINANCE_SECRET");
  if (!corpid || !*corpid || !secret || !*secret) return 10002;
  if (want && strcmp(want, secret) != 0) return 10002; /* 参数错误 / secret wrong */
  sdk->ready = 1;
  return 0;
}

void DestroySdk(WeWorkFinanceSdk_t *sdk) { free(sdk); }

Slice_t *NewSlice(void) { return calloc(1, sizeof(Slice_t)); }
void FreeSlice(Slice_t *s) {
  if (!s) return;
  free(s->buf);
  free(s);
}
char *GetContentFromSlice(Slice_t *s) { return s->buf; }
int GetSliceLen(Slice_t *s) { return s->len; }

int GetChatData(WeWorkFinanceSdk_t *sdk, unsigned long long seq, unsigned int limit, const char *proxy,
                const char *passwd, int timeout, Slice_t *out) {
  (void)proxy; (void)passwd; (void)timeout;
  if (!sdk || !sdk->ready) return 10001;
  if (limit > 1000) return 10000;
  const char *delay = getenv("FAKE_FINANCE_DELAY_MS");
  if (delay) usleep(atoi(delay) * 1000);
  char path[4096];
  snprintf(path, sizeof path, "%s/chatdata.jsonl", dir());
  FILE *f = fopen(path, "r");
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  len += sprintf(buf, "{\"errcode\":0,\"errmsg\":\"ok\",\"chatdata\":[");
  unsigned int n = 0;
  if (f) {
    char *line = NULL;
    size_t lcap = 0;
    ssize_t l;
    while (n < limit && (l = getline(&line, &lcap, f)) > 0) {
      while (l > 0 && (line[l - 1] == '\n' || line[l - 1] == '\r')) line[--l] = 0;
      const char *s = strstr(line, "\"seq\":");
      if (!s || strtoull(s + 6, NULL, 10) <= seq) continue;
      if (len + l + 8 > cap) {
        while (len + l + 8 > cap) cap *= 2;
        buf = realloc(buf, cap);
      }
      if (n++) buf[len++] = ',';
      memcpy(buf + len, line, l);
      len += l;
    }
    free(line);
    fclose(f);
  }
  buf[len++] = ']';
  buf[len++] = '}';
  set_slice(out, buf, (int)len);
  free(buf);
  return 0;
}

static int b64(int c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

int DecryptData(const char *encrypt_key, const char *encrypt_msg, Slice_t *msg) {
  size_t klen = strlen(encrypt_key), mlen = strlen(encrypt_msg);
  if (!klen) return 10003;
  char *out = malloc(mlen * 3 / 4 + 4);
  int n = 0, acc = 0, bits = 0;
  for (size_t i = 0; i < mlen; i++) {
    int v = b64((unsigned char)encrypt_msg[i]);
    if (v < 0) continue;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n] = (char)(((acc >> bits) & 0xff) ^ (unsigned char)encrypt_key[n % klen]);
      n++;
    }
  }
  if (n == 0 || out[0] != '{' || out[n - 1] != '}') {
    free(out);
    return 10003; /* 解密失败 */
  }
  set_slice(msg, out, n);
  free(out);
  return 0;
}

MediaData_t *NewMediaData(void) { return calloc(1, sizeof(MediaData_t)); }
void FreeMediaData(MediaData_t *m) {
  if (!m) return;
  free(m->outindexbuf);
  free(m->data);
  free(m);
}
char *GetOutIndexBuf(MediaData_t *m) { return m->outindexbuf; }
char *GetData(MediaData_t *m) { return m->data; }
int GetIndexLen(MediaData_t *m) { return m->out_len; }
int GetDataLen(MediaData_t *m) { return m->data_len; }
int IsMediaDataFinish(MediaData_t *m) { return m->is_finish; }

int GetMediaData(WeWorkFinanceSdk_t *sdk, const char *indexbuf, const char *sdkFileid, const char *proxy,
                 const char *passwd, int timeout, MediaData_t *m) {
  (void)proxy; (void)passwd; (void)timeout;
  if (!sdk || !sdk->ready) return 10001;
  if (!sdkFileid || strchr(sdkFileid, '/') || strstr(sdkFileid, "..")) return 10002;
  char path[4096];
  snprintf(path, sizeof path, "%s/media/%s", dir(), sdkFileid);
  FILE *f = fopen(path, "rb");
  if (!f) return 10010; /* 数据已过期 */
  long offset = indexbuf && *indexbuf ? atol(indexbuf) : 0;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, offset, SEEK_SET);
  long n = size - offset < PIECE ? size - offset : PIECE;
  if (n < 0) n = 0;
  free(m->data);
  m->data = malloc(n + 1);
  m->data_len = (int)fread(m->data, 1, n, f);
  fclose(f);
  free(m->outindexbuf);
  m->outindexbuf = malloc(32);
  m->out_len = snprintf(m->outindexbuf, 32, "%ld", offset + m->data_len);
  m->is_finish = offset + m->data_len >= size;
  return 0;
}
