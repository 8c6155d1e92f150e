import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from './config.ts';

// The deployment files an operator starts from (deploy/): what compose and Kubernetes would make of
// them, checked against the server's own configuration. deploy/verify.sh runs the image itself.
const deployDir = path.resolve(import.meta.dirname, '../../../deploy');
const read = (file: string) => fs.readFileSync(path.join(deployDir, file), 'utf8');

/** What compose must refuse to start without: a multi-node production start needs each of them. */
const REQUIRED = [
  'POSTGRES_PASSWORD',
  'PUBLIC_URL',
  'FILE_URL_SECRET',
  'ADMIN_TOKEN',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
];
/** The compose file's own variables, not settings of the server. */
const COMPOSE_ONLY = [
  'POSTGRES_PASSWORD',
  'HTTP_BIND',
  'HTTP_PORT',
  'ADMIN_PORT',
  'WORKER_REPLICAS',
  'TURING_IMAGE',
  'MINIO_IMAGE',
];
/** Settings that are secrets: never in a ConfigMap or a manifest's plain value. */
const SECRETS = [
  'DATABASE_URL',
  'FILE_URL_SECRET',
  'ADMIN_TOKEN',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
];
const SETTINGS = new Set(Object.keys(configSchema().shape));

/** KEY=value lines, as compose reads `.env` and `env_file`. */
function dotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) out[m[1]!] = m[2]!.trim();
  }
  return out;
}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $$. */
function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(
    /\$(\$|\{([A-Za-z_]\w*)(?:(:?)([-?])([^}]*))?\})/g,
    (all, _x, name: string | undefined, colon: string, op: string, arg: string) => {
      if (all === '$$') return '$';
      const value = vars[name!];
      const missing = value === undefined || (colon === ':' && value === '');
      if (op === '?' && missing) throw new Error(`required variable ${name} is missing a value: ${arg}`);
      if (op === '-' && missing) return arg;
      return value ?? '';
    },
  );
}

function interpolateAll(node: unknown, vars: Record<string, string>): unknown {
  if (typeof node === 'string') return interpolate(node, vars);
  if (Array.isArray(node)) return node.map((item) => interpolateAll(item, vars));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateAll(v, vars)]));
  }
  return node;
}

interface Service {
  image?: string;
  command?: string[];
  env_file?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  stop_grace_period?: string;
  ports?: string[];
}

const composeText = read('compose.yml');
/** deploy/.env as an operator would first write it: the example with its empty secrets filled in. */
const filledEnv = () => {
  const vars = dotenv(read('.env.example'));
  for (const name of REQUIRED) vars[name] ||= `${name.toLowerCase()}-0123456789abcdef`;
  return vars;
};
const compose = (vars: Record<string, string>) =>
  interpolateAll(parse(composeText, { merge: true }), vars) as { services: Record<string, Service> };

describe('deploy/compose.yml', () => {
  it('writes every required secret as ${VAR:?…} naming it, never with a default', () => {
    const refs = [...composeText.matchAll(/\$\{([A-Z_][A-Z0-9_]*)([^}]*)\}/g)];
    for (const name of REQUIRED) {
      const uses = refs.filter((m) => m[1] === name);
      expect(uses.length, name).toBeGreaterThan(0);
      for (const use of uses) expect(use[2], name).toMatch(new RegExp(`^:\\?.*\\b${name}\\b`));
    }
  });

  it('refuses to start with any required secret left empty or unset, naming it', () => {
    expect(() => compose(filledEnv())).not.toThrow();
    for (const name of REQUIRED) {
      expect(() => compose({ ...filledEnv(), [name]: '' }), name).toThrow(name);
      const { [name]: _unset, ...rest } = filledEnv();
      expect(() => compose(rest), name).toThrow(name);
    }
  });

  it('gives every node a configuration the server accepts for a multi-node production start', () => {
    const vars = filledEnv();
    const { services } = compose(vars);
    for (const [name, role] of [
      ['api', 'api'],
      ['worker', 'worker'],
      ['migrate', 'all'],
    ] as const) {
      const service = services[name]!;
      expect(service.env_file).toBe('.env');
      const config = loadConfig({ ...vars, ...service.environment });
      expect(config).toMatchObject({ ROLE: role, production: true, database: 'postgres', S3_BUCKET: 'turing' });
      expect(config.METRICS_LISTEN).toBe('0.0.0.0:9464');
      expect(config.BACKUP_CRON).toBe('30 3 * * *');
    }
    // A misspelt setting would be ignored without a word: every name is the server's or compose's own.
    const names = [...Object.keys(vars), ...Object.keys(services.api!.environment!)];
    expect(names.filter((n) => !SETTINGS.has(n) && !COMPOSE_ONLY.includes(n))).toEqual([]);
  });

  it('publishes the app on loopback unless told, since it trusts the nearest hop', () => {
    const vars = filledEnv();
    expect(loadConfig({ ...vars, ...compose(vars).services.api!.environment }).TRUST_PROXY).toBe(1);
    expect(compose(vars).services.api!.ports).toEqual(['127.0.0.1:8080:8080', '127.0.0.1:9090:9090']);
    expect(compose({ ...vars, HTTP_BIND: '0.0.0.0' }).services.api!.ports![0]).toBe('0.0.0.0:8080:8080');
  });

  it('starts the nodes once the database is healthy, the bucket made and the migrations run', () => {
    const { services } = compose(filledEnv());
    expect(services.postgres!.healthcheck!.test).toContain('pg_isready');
    expect(services.migrate!.command).toEqual(['npm', 'run', 'migrate']);
    expect(services.migrate!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services.bucket!.depends_on).toEqual({ minio: { condition: 'service_healthy' } });
    for (const name of ['api', 'worker']) {
      expect(services[name]!.depends_on, name).toEqual({
        postgres: { condition: 'service_healthy' },
        bucket: { condition: 'service_completed_successfully' },
        migrate: { condition: 'service_completed_successfully' },
      });
      // Compose's default of 10 s would kill a node before it has drained (up to 15 s).
      expect(Number.parseInt(services[name]!.stop_grace_period!, 10), name).toBeGreaterThanOrEqual(20);
    }
    for (const name of ['api', 'worker']) {
      expect(services[name]!.healthcheck!.test, name).toEqual([
        'CMD',
        'node',
        '-e',
        expect.stringContaining("'http://127.0.0.1:8080/turing/health/ready'"),
      ]);
    }
    expect(services.api!.ports).toContain('127.0.0.1:9090:9090');
    expect(composeText).toMatch(/^ {2}# comfyui:$/m);
  });
});

interface Manifest {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  data?: Record<string, string>;
  spec?: Record<string, unknown>;
}
interface Container {
  command?: string[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: unknown } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name: string; containerPort: number }[];
  readinessProbe?: { httpGet: { path: string } };
  livenessProbe?: { httpGet: { path: string } };
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
}
interface PodTemplate {
  metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
  spec: { terminationGracePeriodSeconds?: number; containers: Container[] };
}

const k8sFiles = fs.readdirSync(path.join(deployDir, 'k8s')).filter((f) => f.endsWith('.yaml'));
const manifests = k8sFiles
  .filter((f) => f !== 'kustomization.yaml')
  .flatMap((f) => parseAllDocuments(read(`k8s/${f}`)).map((doc) => doc.toJS() as Manifest));
const byKind = (kind: string) => manifests.filter((m) => m.kind === kind);
const deployment = (component: string) =>
  byKind('Deployment').find(
    (d) => (d.spec!.template as PodTemplate).metadata.labels['app.kubernetes.io/component'] === component,
  )!;
const podOf = (m: Manifest) => m.spec!.template as PodTemplate;
const configMap = byKind('ConfigMap')[0]!;

describe('deploy/k8s', () => {
  it('probes readiness and liveness and leaves each node the time to drain', () => {
    for (const component of ['api', 'worker']) {
      const pod = podOf(deployment(component));
      const [container] = pod.spec.containers;
      expect(container!.readinessProbe!.httpGet.path, component).toBe('/turing/health/ready');
      expect(container!.livenessProbe!.httpGet.path, component).toBe('/turing/health/live');
      // main.ts forces its exit 15 s after SIGTERM; a preStop pause comes before the signal.
      const pause = Number(container!.lifecycle?.preStop?.exec?.command.at(-1) ?? 0);
      expect(pod.spec.terminationGracePeriodSeconds!, component).toBeGreaterThanOrEqual(pause + 15 + 5);
      expect(container!.env).toContainEqual({ name: 'ROLE', value: component });
    }
  });

  it('annotates the metrics port that METRICS_LISTEN opens for Prometheus', () => {
    const port = configMap.data!.METRICS_LISTEN!.split(':').pop();
    for (const component of ['api', 'worker']) {
      const pod = podOf(deployment(component));
      expect(pod.metadata.annotations, component).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': port,
        'prometheus.io/path': '/metrics',
      });
      expect(pod.spec.containers[0]!.ports).toContainEqual({ name: 'metrics', containerPort: Number(port) });
    }
  });

  it('references the secrets and never writes them in', () => {
    expect(byKind('Secret')).toEqual([]);
    expect(Object.keys(configMap.data!).filter((k) => SECRETS.includes(k))).toEqual([]);
    expect(Object.keys(configMap.data!).filter((k) => !SETTINGS.has(k))).toEqual([]);
    const pods = [...byKind('Deployment'), ...byKind('Job')].map(podOf);
    expect(pods).toHaveLength(3);
    for (const pod of pods) {
      const [container] = pod.spec.containers;
      expect(container!.envFrom).toContainEqual({ secretRef: { name: 'turing-design' } });
      expect(container!.envFrom).toContainEqual({ configMapRef: { name: configMap.metadata.name } });
      for (const variable of container!.env ?? []) {
        if (SECRETS.includes(variable.name)) expect(variable.valueFrom?.secretKeyRef, variable.name).toBeDefined();
      }
    }
  });

  it('runs the migrations as a Job and keeps a disruption budget for each deployment', () => {
    const [job] = byKind('Job');
    expect(podOf(job!).spec.containers[0]!.command).toEqual(['npm', 'run', 'migrate']);
    const budgets = byKind('PodDisruptionBudget').map(
      (b) => (b.spec!.selector as { matchLabels: Record<string, string> }).matchLabels['app.kubernetes.io/component'],
    );
    expect(budgets.sort()).toEqual(['api', 'worker']);
  });

  it('selects its own pods: every Deployment, Service and budget selector matches a pod template as kustomize labels it', () => {
    type Labels = Record<string, string>;
    // kustomize's `labels`: a template gets the pairs only with includeTemplates (or includeSelectors).
    const { labels = [] } = parse(read('k8s/kustomization.yaml')) as {
      labels?: { pairs: Labels; includeTemplates?: boolean; includeSelectors?: boolean }[];
    };
    const added = Object.assign(
      {},
      ...labels.filter((l) => l.includeTemplates || l.includeSelectors).map((l) => l.pairs),
    ) as Labels;
    const podLabels = (m: Manifest): Labels => ({ ...podOf(m).metadata.labels, ...added });
    const matches = (selector: Labels, pod: Labels) => Object.entries(selector).every(([k, v]) => pod[k] === v);
    const pods = [...byKind('Deployment'), ...byKind('Job')].map(podLabels);
    for (const d of byKind('Deployment')) {
      const selector = (d.spec!.selector as { matchLabels: Labels }).matchLabels;
      expect(matches(selector, podLabels(d)), `${d.metadata.name}: its selector matches its template`).toBe(true);
    }
    for (const s of byKind('Service')) {
      const selector = s.spec!.selector as Labels;
      expect(
        pods.some((pod) => matches(selector, pod)),
        `Service ${s.metadata.name} selects pods`,
      ).toBe(true);
    }
    for (const b of byKind('PodDisruptionBudget')) {
      const selector = (b.spec!.selector as { matchLabels: Labels }).matchLabels;
      expect(
        pods.some((pod) => matches(selector, pod)),
        `budget ${b.metadata.name} selects pods`,
      ).toBe(true);
    }
  });

  it('applies every manifest of the folder through its kustomization', () => {
    const { resources } = parse(read('k8s/kustomization.yaml')) as { resources: string[] };
    expect([...resources].sort()).toEqual(k8sFiles.filter((f) => f !== 'kustomization.yaml').sort());
  });
});
