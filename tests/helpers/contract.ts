import type { LightMyRequestResponse } from 'fastify';
import OpenAPIRequestValidator from 'openapi-request-validator';
import OpenAPIResponseValidator from 'openapi-response-validator';
import type { OpenAPIV3 } from 'openapi-types';

/**
 * The API's own OpenAPI document as the judge of real traffic: every answer must have a documented status and media
 * type, and a JSON body the document's schema accepts (openapi-response-validator); a request the document calls
 * valid (openapi-request-validator) must not be refused with 400, or the document leaves out a rule the route enforces.
 */
export class Contract {
  private readonly responses = new Map<OpenAPIV3.OperationObject, OpenAPIResponseValidator>();
  private readonly requests = new Map<OpenAPIV3.OperationObject, OpenAPIRequestValidator>();
  /** Operations and answers checked, and refusals of requests the document calls valid (each one a violation), for the report. */
  readonly checked = { operations: new Set<string>(), answers: 0, documentValidRequests: 0 };

  constructor(readonly doc: OpenAPIV3.Document) {}

  /** The operation of a Fastify route (`/api/x/:id` is `/api/x/{id}`, a trailing `*` is `{*}`). */
  operation(method: string, routeUrl: string): OpenAPIV3.OperationObject | undefined {
    const path = routeUrl.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
    return (this.doc.paths[path] as Record<string, OpenAPIV3.OperationObject> | undefined)?.[method.toLowerCase()];
  }

  /**
   * Whether the document calls this request valid (path, query and body as the route received them). Query parameters
   * the document does not name are outside it: such a request is not one it calls valid.
   */
  requestIsValid(op: OpenAPIV3.OperationObject, req: { params: Record<string, string>; query: Record<string, string | string[]>; body: unknown; contentType: string | undefined }): boolean {
    let validator = this.requests.get(op);
    if (!validator) {
      validator = new OpenAPIRequestValidator({ parameters: (op.parameters ?? []) as never, requestBody: op.requestBody as never, componentSchemas: this.doc.components?.schemas as never });
      this.requests.set(op, validator);
    }
    const named = new Set((op.parameters as OpenAPIV3.ParameterObject[] | undefined)?.filter((p) => p.in === 'query').map((p) => p.name));
    if (Object.keys(req.query).some((k) => !named.has(k))) return false;
    const result = validator.validateRequest({ headers: { 'content-type': req.contentType ?? 'application/json' }, params: req.params, query: req.query, body: req.body });
    return result === undefined;
  }

  /** What is wrong with this answer by the document, or null. */
  violation(method: string, routeUrl: string, res: LightMyRequestResponse, documentValid = false): string | null {
    const op = this.operation(method, routeUrl);
    if (!op) return `${method} ${routeUrl} is not in the document`;
    this.checked.operations.add(`${method} ${routeUrl}`);
    this.checked.answers += 1;
    const status = String(res.statusCode);
    const documented = (op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default) as OpenAPIV3.ResponseObject | undefined;
    if (!documented) return `status ${status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`;
    if (documentValid) {
      this.checked.documentValidRequests += 1;
      if (res.statusCode === 400) return `a request the document calls valid was refused: ${res.body.slice(0, 200)}`;
    }
    const type = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
    const content = documented.content ?? {};
    if (!res.rawPayload.length) return null;
    const media = Object.keys(content).find((t) => t === type || t === '*/*' || (t.endsWith('/*') && type.startsWith(t.slice(0, -1))));
    if (!media) return `${status} answered ${type || 'no content type'}, documented: ${Object.keys(content).join(', ') || 'no body'}`;
    if (!media.includes('json')) return null;
    let validator = this.responses.get(op);
    if (!validator) {
      validator = new OpenAPIResponseValidator({ responses: op.responses as never, components: this.doc.components as never });
      this.responses.set(op, validator);
    }
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return `${status} is not the JSON it says it is: ${res.body.slice(0, 120)}`;
    }
    const error = validator.validateResponse(status, body);
    return error ? `${status} body does not match the document: ${JSON.stringify(error.errors).slice(0, 300)}` : null;
  }
}
