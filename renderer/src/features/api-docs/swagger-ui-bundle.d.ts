/** swagger-ui-dist's self-contained bundle: the Swagger UI factory, with its dependencies inside (works offline). */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  import type { SwaggerConfigs } from 'swagger-ui-dist';

  const SwaggerUI: (config: SwaggerConfigs & { domNode: HTMLElement }) => unknown;
  export default SwaggerUI;
}
