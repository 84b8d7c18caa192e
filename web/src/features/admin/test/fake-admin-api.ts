import { TOKEN_KEY } from '../../../lib/api/client';
import { stubFetch, testUser } from '../../../test/utils';
import type { CatalogItem } from '../api/list-catalog';
import type { Preset } from '../api/list-presets';

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
type Handler = (call: Call) => Response | Promise<Response>;

export const superAdmin = { ...testUser, is_super_admin: true };

/** A fake API answering by "METHOD /path" (without /api); anything unknown is a 404. Records every call. */
export function fakeAdminApi(routes: Record<string, Handler | unknown> = {}) {
  localStorage.setItem(TOKEN_KEY, 'tok');
  const calls: Call[] = [];
  stubFetch(
    ({ url, body }, init) => {
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const call: Call = { method, path, query: url.searchParams, body };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      if (route !== undefined) return typeof route === 'function' ? (route as Handler)(call) : route;
      if (`${method} ${path}` === 'GET /user/profile') return superAdmin;
    },
    { signedIn: false },
  );
  return calls;
}

export function catalogItem(overrides: Partial<CatalogItem> = {}): CatalogItem {
  return {
    id: 'c1',
    code: 'A.1',
    title: 'Certificate of incorporation',
    description: 'Certified copy of the certificate of incorporation',
    category: 'Corporate Documents',
    subcategory: 'Formation',
    version: 3,
    active: true,
    requirements: {
      periods_covered: 'Current',
      format_type: 'PDF',
      certified: true,
      original_required: false,
      multiple_files_expected: false,
      custom_notes: 'Latest version',
    },
    ai_checks: {
      math_verification: false,
      signature_detection: true,
      legal_terms: true,
      red_flags: false,
      compliance_check: false,
      date_verification: true,
      missing_elements: false,
    },
    presets: ['Default', 'Full Acquisition'],
    ...overrides,
  };
}

export function preset(overrides: Partial<Preset> = {}): Preset {
  return {
    id: 'p1',
    name: 'Default',
    description: 'The standard checklist',
    is_default: true,
    active: true,
    item_count: 2,
    catalog_item_ids: ['c1', 'c3'],
    ...overrides,
  };
}
