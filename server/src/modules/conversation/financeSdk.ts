import { existsSync } from 'node:fs';
import koffi from 'koffi';

/**
 * WeCom's Finance SDK (libWeWorkFinanceSdk_C.so, the only way to the chat archive: no JavaScript implementation), loaded
 * at run time from WECOM_FINANCE_SDK_PATH through koffi with the functions of WeWorkFinanceSdk_C.h. Every slice and
 * media piece the SDK allocates is freed here; callers see strings and buffers.
 */

/** One item of GetChatData's chatdata list. */
export interface ChatDataItem {
  seq: number;
  msgid: string;
  publickey_ver: number;
  encrypt_random_key: string;
  encrypt_chat_msg: string;
}

export class FinanceSdkError extends Error {
  constructor(
    readonly fn: string,
    readonly code: number,
  ) {
    super(`企业微信会话存档 SDK ${fn} 返回错误码 ${code}`);
  }
}

/** An initialised SDK of one corp (NewSdk + Init); close() destroys it. */
export interface FinanceSession {
  /** The items after `seq` (exclusive), at most `limit` (≤ 1000). */
  chatData(seq: number, limit: number, timeoutSeconds?: number): ChatDataItem[];
  /** A media file's bytes, fetched in the SDK's pieces (512 KB each). */
  media(sdkFileId: string, timeoutSeconds?: number): Buffer;
  close(): void;
}

export interface FinanceSdk {
  open(corpId: string, secret: string): FinanceSession;
  /** DecryptData: the message's JSON from its (already RSA-decrypted) random key. */
  decrypt(randomKey: string, encryptChatMsg: string): string;
}

/** The installation's SDK path, or why there is none (a Chinese message the screen shows). */
export function sdkPath(env: NodeJS.ProcessEnv = process.env): { path: string } | { missing: string } {
  const path = env.WECOM_FINANCE_SDK_PATH?.trim();
  if (!path)
    return {
      missing:
        '管理员尚未安装企业微信会话存档 SDK：请从企业微信管理后台下载 Linux 版 libWeWorkFinanceSdk_C.so，放到服务器上，并在环境变量 WECOM_FINANCE_SDK_PATH 中填写它的路径后重启服务',
    };
  if (!existsSync(path))
    return {
      missing: `管理员尚未安装企业微信会话存档 SDK：WECOM_FINANCE_SDK_PATH 指向的 ${path} 不存在，请放置 libWeWorkFinanceSdk_C.so 后重启服务`,
    };
  return { path };
}

const loaded = new Map<string, FinanceSdk>();

/** The SDK at `path`, loaded once per process. */
export function loadFinanceSdk(path: string): FinanceSdk {
  let sdk = loaded.get(path);
  if (!sdk) {
    sdk = bind(path);
    loaded.set(path, sdk);
  }
  return sdk;
}

let typesDeclared = false;
/** The SDK's opaque types, named once per process (koffi refuses a name declared twice). */
function declareTypes() {
  if (typesDeclared) return;
  koffi.opaque('WeWorkFinanceSdk_t');
  koffi.opaque('Slice_t');
  koffi.opaque('MediaData_t');
  typesDeclared = true;
}

function bind(path: string): FinanceSdk {
  const lib = koffi.load(path);
  declareTypes();
  const f = {
    NewSdk: lib.func('WeWorkFinanceSdk_t *NewSdk()'),
    Init: lib.func('int Init(WeWorkFinanceSdk_t *sdk, const char *corpid, const char *secret)'),
    DestroySdk: lib.func('void DestroySdk(WeWorkFinanceSdk_t *sdk)'),
    GetChatData: lib.func(
      'int GetChatData(WeWorkFinanceSdk_t *sdk, unsigned long long seq, unsigned int limit, const char *proxy, const char *passwd, int timeout, Slice_t *chatDatas)',
    ),
    DecryptData: lib.func('int DecryptData(const char *encrypt_key, const char *encrypt_msg, Slice_t *msg)'),
    NewSlice: lib.func('Slice_t *NewSlice()'),
    FreeSlice: lib.func('void FreeSlice(Slice_t *slice)'),
    GetContentFromSlice: lib.func('void *GetContentFromSlice(Slice_t *slice)'),
    GetSliceLen: lib.func('int GetSliceLen(Slice_t *slice)'),
    GetMediaData: lib.func(
      'int GetMediaData(WeWorkFinanceSdk_t *sdk, const char *indexbuf, const char *sdkFileid, const char *proxy, const char *passwd, int timeout, MediaData_t *media_data)',
    ),
    NewMediaData: lib.func('MediaData_t *NewMediaData()'),
    FreeMediaData: lib.func('void FreeMediaData(MediaData_t *media_data)'),
    GetOutIndexBuf: lib.func('void *GetOutIndexBuf(MediaData_t *media_data)'),
    GetIndexLen: lib.func('int GetIndexLen(MediaData_t *media_data)'),
    GetData: lib.func('void *GetData(MediaData_t *media_data)'),
    GetDataLen: lib.func('int GetDataLen(MediaData_t *media_data)'),
    IsMediaDataFinish: lib.func('int IsMediaDataFinish(MediaData_t *media_data)'),
  };
  const bytes = (ptr: unknown, len: number) =>
    len > 0 && ptr ? Buffer.from(koffi.view(ptr, len).slice(0)) : Buffer.alloc(0);

  /** Calls `fn` with a fresh slice and answers its content as text; the slice is freed whatever happens. */
  const withSlice = (name: string, fn: (slice: unknown) => number): string => {
    const slice = f.NewSlice();
    try {
      const code = fn(slice);
      if (code !== 0) throw new FinanceSdkError(name, code);
      return bytes(f.GetContentFromSlice(slice), f.GetSliceLen(slice)).toString('utf8');
    } finally {
      f.FreeSlice(slice);
    }
  };

  return {
    decrypt: (randomKey, encryptChatMsg) =>
      withSlice('DecryptData', (slice) => f.DecryptData(randomKey, encryptChatMsg, slice)),
    open(corpId, secret) {
      const sdk = f.NewSdk();
      const code = f.Init(sdk, corpId, secret);
      if (code !== 0) {
        f.DestroySdk(sdk);
        throw new FinanceSdkError('Init', code);
      }
      return {
        chatData(seq, limit, timeout = 10) {
          const text = withSlice('GetChatData', (slice) =>
            f.GetChatData(sdk, seq, Math.min(1000, limit), null, null, timeout, slice),
          );
          const answer = JSON.parse(text) as { errcode: number; chatdata?: ChatDataItem[] };
          if (answer.errcode) throw new FinanceSdkError('GetChatData', answer.errcode);
          return answer.chatdata ?? [];
        },
        media(sdkFileId, timeout = 30) {
          const pieces: Buffer[] = [];
          let index = '';
          for (;;) {
            const m = f.NewMediaData();
            try {
              const code = f.GetMediaData(sdk, index, sdkFileId, null, null, timeout, m);
              if (code !== 0) throw new FinanceSdkError('GetMediaData', code);
              pieces.push(bytes(f.GetData(m), f.GetDataLen(m)));
              if (f.IsMediaDataFinish(m)) return Buffer.concat(pieces);
              index = bytes(f.GetOutIndexBuf(m), f.GetIndexLen(m)).toString('utf8');
            } finally {
              f.FreeMediaData(m);
            }
          }
        },
        close: () => f.DestroySdk(sdk),
      };
    },
  };
}
