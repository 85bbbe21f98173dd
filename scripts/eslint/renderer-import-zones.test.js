import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { rendererImportZones } from './renderer-import-zones.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ROOT = '/project/renderer/src';
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const at = (file, code) => ({ code, filename: `${ROOT}/${file}`, options: [{ root: ROOT }] });
const refused = (file, code, messageId) => ({ ...at(file, code), errors: [{ messageId }] });

tester.run('renderer import zones', rendererImportZones, {
  valid: [
    at('features/dashboard/DashboardPage.tsx', "import { AgentsSection } from '../agents';"),
    at('features/dashboard/DashboardPage.tsx', "import { AgentsSection } from '../agents/index';"),
    at('features/agents/AgentCard.tsx', "import { useAgentRemoval } from './useAgentRemoval';"),
    at('features/agents/forms/AgentInputs.tsx', "import { agentsApi } from '../agentsApi';"),
    at('features/agents/AgentCard.tsx', "import { Figure } from '../../components/Figure';"),
    at('features/agents/AgentCard.tsx', "import { formatMoney } from '@shared/domain/format';"),
    at('components/RoutePage.tsx', "import { decideAccess } from '../core/access';"),
    at('features/agents/agentsApi.ts', "import { injectEndpoints } from '../../core/baseApi';"),
    at('core/store.ts', "import { toastSlice } from '../components/toasts/toastSlice';"),
    // The composition root loads pages and reaches into features as it must.
    at('app/routes.tsx', "const page = () => import('../features/dashboard/DashboardPage');"),
    at('app/frame/UserMenu.tsx', "import { logout } from '../../features/auth/sessionActions';"),
  ],
  invalid: [
    refused('features/agents/AgentAnalyticsPage.tsx', "import { authApi } from '../auth/authApi';", 'featureInternals'),
    refused(
      'features/agents/forms/AgentInputs.tsx',
      "import { x } from '../../phone-numbers/api';",
      'featureInternals',
    ),
    refused('features/agents/AgentCard.tsx', "import { x } from '../../features/auth/authApi';", 'featureInternals'),
    refused('features/agents/AgentCard.tsx', "export { x } from '../auth/authApi';", 'featureInternals'),
    refused('features/agents/AgentCard.tsx', "export * from '../auth/authApi';", 'featureInternals'),
    refused('features/agents/AgentCard.tsx', "const m = import('../auth/AuthPage');", 'featureInternals'),
    refused(
      'components/frame/UserMenu.tsx',
      "import { logout } from '../../features/auth';",
      'componentsImportFeature',
    ),
    refused(
      'components/Thing.tsx',
      "import { x } from '../features/billing/billingPortalApi';",
      'componentsImportFeature',
    ),
    refused('features/auth/AuthPage.tsx', "import { DESKTOP_SETTINGS_PATH } from '../../app/routes';", 'importsShell'),
    refused(
      'features/agents/forms/AgentInputs.tsx',
      "const frame = import('../../../app/frame/PageFrame');",
      'importsShell',
    ),
    refused('components/RoutePage.tsx', "import { AppShell } from '../app/AppShell';", 'importsShell'),
    refused('core/store.ts', "import { theme } from '../app/theme';", 'importsShell'),
    refused('core/baseApi.ts', "import { App } from '../main';", 'importsShell'),
    refused('core/baseApi.ts', "import { logout } from '../features/auth';", 'coreImportsFeature'),
    refused('core/store.ts', "import { authApi } from '../features/auth/authApi';", 'coreImportsFeature'),
  ],
});
