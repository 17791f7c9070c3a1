import { OPEN_API_BATCH_MAX } from '@crm/core/contract/openApi';

type Doc = { paths?: Record<string, unknown>; components?: Record<string, Record<string, unknown>> } & Record<
  string,
  unknown
>;

const SCHEMES = ['appKey', 'timestamp', 'nonce', 'signature', 'openApiToken'];

const DESCRIPTION = `面向对接方的开放接口：推送与读取线索、上传录音并读取分析结果。

**签名**：每个请求带请求头 X-App-Key、X-Timestamp（毫秒）、X-Nonce（8-64 位，每个只能用一次）和 X-Signature。
X-Signature 为 HMAC-SHA256（密钥为 AppSecret）的十六进制，签名原文为以下各项以换行（\\n）连接：
请求方法（大写）、路径（不含查询串）、按参数名排序并重新编码的查询串、时间戳、nonce、请求体原文的 SHA-256 十六进制（无请求体时为空串的 SHA-256）。
时间戳须在服务器时间前后 5 分钟内；签名错误、过期、nonce 重复均答复 401。
也可用签名请求调用 /api/openapi/auth/token 换取短期访问令牌，之后以 \`Authorization: Bearer <token>\` 调用。

**限制**：每个密钥每分钟的请求数有上限（429）；批量推送一次最多 ${OPEN_API_BATCH_MAX} 条。
答复统一为 \`{ code, msg, data }\`，code 为 1 表示成功。`;

/** The open API's own document: its paths and what they refer to, taken from the served product document. */
export function openApiDocument(product: Doc): Doc {
  const paths = Object.fromEntries(
    Object.entries(product.paths ?? {}).filter(([url]) => url.startsWith('/api/openapi/')),
  );
  const text = JSON.stringify(paths);
  const schemas = Object.fromEntries(
    Object.entries(product.components?.schemas ?? {}).filter(([name]) =>
      text.includes(`#/components/schemas/${name}"`),
    ),
  );
  const securitySchemes = Object.fromEntries(
    Object.entries(product.components?.securitySchemes ?? {}).filter(([name]) => SCHEMES.includes(name)),
  );
  return {
    openapi: product.openapi,
    info: { ...(product.info as object), title: '销售CRM 开放接口', description: DESCRIPTION },
    servers: product.servers,
    paths,
    components: { securitySchemes, ...(Object.keys(schemas).length ? { schemas } : {}) },
  };
}
