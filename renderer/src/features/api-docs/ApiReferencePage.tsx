import { useEffect, useRef, useState } from 'react';
import { apiRoutes } from '@shared/api/routes';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { InlineSpinner } from '../../components/FullPageSpinner';
import { PageHeader } from '../../components/PageHeader';
import { platform } from '../../platform';

/** Swagger UI's method badges and links in colours dark enough for white and body text (WCAG AA contrast). */
const READABLE_SWAGGER = {
  bgcolor: 'background.paper',
  borderRadius: 2,
  // As specific as Swagger UI's own rules plus one, so these colours win.
  '& .swagger-ui .opblock.opblock-get .opblock-summary-method': { backgroundColor: '#1f5f99' },
  '& .swagger-ui .opblock.opblock-post .opblock-summary-method': { backgroundColor: '#1b6b45' },
  '& .swagger-ui .opblock.opblock-put .opblock-summary-method': { backgroundColor: '#8a4b00' },
  '& .swagger-ui .opblock.opblock-patch .opblock-summary-method': { backgroundColor: '#8a4b00' },
  '& .swagger-ui .opblock.opblock-delete .opblock-summary-method': { backgroundColor: '#a4161a' },
  '& .swagger-ui .json-schema-2020-12-expand-deep-button': { color: '#1f5f99' },
  '& .swagger-ui .info .title small': { backgroundColor: '#4a5160' },
  '& .swagger-ui .info .title small.version-stamp': { backgroundColor: '#1b6b45' },
  '& .swagger-ui .info .link .url, & .swagger-ui .info a.link span.url': { color: '#1f5f99' },
  '& .swagger-ui .btn.authorize, & .swagger-ui .btn.authorize span': { color: '#1b6b45', borderColor: '#1b6b45' },
} as const;

/**
 * The API reference (issue 11): Swagger UI over the server's own /api/openapi.json. Swagger UI and its styles are
 * bundled into this page's chunk, so nothing is fetched from elsewhere and the page works offline.
 */
export function ApiReferencePage() {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    void Promise.all([import('swagger-ui-dist/swagger-ui-es-bundle.js'), import('swagger-ui-dist/swagger-ui.css')])
      .then(([{ default: SwaggerUI }]) => {
        if (cancelled || !host.current) return;
        SwaggerUI({
          domNode: host.current,
          url: `${platform.apiBaseUrl}/${apiRoutes.openApi.relative()}`,
          deepLinking: false,
          // Sections start folded: the document has over a hundred operations, and Swagger UI stops part-way when it
          // is asked to render them all at once.
          docExpansion: 'none',
          // The document itself is fetched from our server; no validator badge calls out to swagger.io.
          validatorUrl: null,
          onComplete: () => {
            // Swagger UI leaves its server picker unnamed; there is one server, so name it rather than hide it.
            host.current?.querySelector('#servers')?.setAttribute('aria-label', 'Server');
            if (!cancelled) setState('ready');
          },
        });
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <>
      <PageHeader
        title="API Reference"
        subtitle="Every route of the Parley API. Authenticate with an API key as a bearer token or in the X-API-Key header."
      />
      {state === 'loading' && <InlineSpinner label="Loading the API reference..." />}
      {state === 'failed' && <Alert severity="error">The API reference could not be loaded.</Alert>}
      <Box ref={host} data-testid="api-reference" sx={READABLE_SWAGGER} />
    </>
  );
}
