import type { ExecutionProvider } from '@planvas/shared';
import { OpenAiProvider, openAiSettingsFromEnv, openAiUnavailable } from './openai';
import type { Provider } from './provider';
import { ScriptedProvider } from './scripted';

export type ProviderFactory = (name: ExecutionProvider) => Provider | { unavailable: string };

/** The providers a run can choose, configured from the environment. */
export const defaultProviderFactory: ProviderFactory = (name) => {
  if (name === 'scripted') return new ScriptedProvider();
  const settings = openAiSettingsFromEnv();
  const unavailable = openAiUnavailable(settings);
  return unavailable ? { unavailable } : new OpenAiProvider(settings);
};
