import type { FastifyRequest } from "fastify";

const JWT_LIKE = /eyJ[\w-]*\.[\w-]+\.[\w-]+/g;
const SECRET_PARAMS = /([?&](?:token|access_token|id_token|jwt|auth|password|secret)=)[^&#]*/gi;

/** A URL as it may be logged: token-like query values and anything shaped like a JWT replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[redacted]").replace(JWT_LIKE, "[redacted]");
}

/** Request logs keep what helps an operator and never a credential, whatever a client put in the URL. */
export function logOptions(level: string) {
  return {
    level,
    redact: { paths: ["req.headers.authorization", 'req.headers["sec-websocket-protocol"]', "req.headers.cookie"], censor: "[redacted]" },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
