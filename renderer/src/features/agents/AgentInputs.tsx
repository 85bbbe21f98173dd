import MenuItem from '@mui/material/MenuItem';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { AgentTemplate } from '@shared/api/agent-templates.types';
import type { PhoneNumber } from '@shared/api/phone-numbers.types';
import type { Voice } from '@shared/api/voices.types';
import { AGENT_LIMITS } from '@shared/schemas/agent.schema';
import { SelectInput, TextInput } from './agentInputFields';
import { AgentLimitsInputs } from './AgentLimitsInputs';
import { KnowledgeSourceInput } from './KnowledgeSourceInput';
import { PhoneNumberSelect } from './PhoneNumberSelect';
import { TemplatePicker } from './TemplatePicker';
import { TransferTargetsInput } from './TransferTargetsInput';
import { useAgentInputChoices } from './useAgentInputChoices';
import type { KnowledgeSource } from './useKnowledgeSource';

export interface AgentInputsProps {
  knowledge: KnowledgeSource;
  voices: Voice[];
  templates: AgentTemplate[];
  phoneNumbers: PhoneNumber[];
  /** The number list could not be loaded: the choice is empty and says why (spec 000 §8). */
  phoneNumbersFailed?: boolean;
  /** The agent being edited, so that its own number is not shown as taken. */
  agentId?: string;
  /** Shown when the agent already has an uploaded knowledge file and no new one is picked. */
  currentFileNote?: string;
  disabled?: boolean;
}

/** Name, purpose, scripts, instructions with the template picker, knowledge source, number and voice. */
export function AgentInputs({
  knowledge,
  voices,
  templates,
  phoneNumbers,
  phoneNumbersFailed = false,
  agentId,
  currentFileNote,
  disabled = false,
}: AgentInputsProps) {
  const { applyTemplate, changeMode, pickFile } = useAgentInputChoices(templates, knowledge);
  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput
          name="name"
          label="Agent Name / Persona"
          placeholder="e.g. Sarah from Harbour Dental"
          max={AGENT_LIMITS.name}
          required
          disabled={disabled}
        />
        <SelectInput name="voiceId" label="Voice" emptyLabel="Default voice" disabled={disabled}>
          {voices.map((voice) => (
            <MenuItem key={voice.id} value={voice.id}>
              {voice.name}
            </MenuItem>
          ))}
        </SelectInput>
      </Stack>
      <TextInput
        name="purpose"
        label="Purpose"
        placeholder="What the agent helps callers with"
        max={AGENT_LIMITS.purpose}
        required
        multiline
        disabled={disabled}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput
          name="greeting"
          label="Greeting Script"
          placeholder="Kia ora, thanks for calling…"
          max={AGENT_LIMITS.greeting}
          required
          multiline
          disabled={disabled}
        />
        <TextInput
          name="closing"
          label="Closing Script"
          placeholder="Thanks for calling, have a great day."
          max={AGENT_LIMITS.closing}
          required
          multiline
          disabled={disabled}
        />
      </Stack>
      <TextInput
        name="disclosure"
        label="Disclosure"
        placeholder="Hi, this is the automated assistant calling for…"
        helperText="Required for outbound campaigns: the agent opens every call with who is calling and that it is an automated assistant."
        max={AGENT_LIMITS.disclosure}
        multiline
        disabled={disabled}
      />

      <Divider />

      <TemplatePicker templates={templates} onChoose={applyTemplate} disabled={disabled} />
      <TextInput
        name="prompt"
        label="Agent Instructions"
        placeholder="How the agent should handle calls, what to ask and what never to say."
        max={AGENT_LIMITS.prompt}
        multiline
        maxRows={12}
        disabled={disabled}
      />

      <Divider />

      <KnowledgeSourceInput
        knowledge={knowledge}
        currentFileNote={currentFileNote}
        onModeChange={changeMode}
        onFileChange={pickFile}
        disabled={disabled}
      />

      <Divider />

      <TransferTargetsInput disabled={disabled} />

      <Divider />

      <PhoneNumberSelect
        phoneNumbers={phoneNumbers}
        failed={phoneNumbersFailed}
        agentId={agentId}
        disabled={disabled}
      />

      <Divider />

      <AgentLimitsInputs disabled={disabled} />
    </Stack>
  );
}
