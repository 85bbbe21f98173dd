import { Controller, useFormContext } from 'react-hook-form';
import type { AgentTemplate } from '@shared/api/agent-templates.types';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AgentInputsValues } from './agentInputFields';

interface TemplatePickerProps {
  templates: AgentTemplate[];
  onChoose: (templateId: string) => void;
  disabled: boolean;
}

/** The instruction template: choosing one fills the instructions with its example. */
export function TemplatePicker({ templates, onChoose, disabled }: TemplatePickerProps) {
  const { control } = useFormContext<AgentInputsValues>();
  return (
    <Controller
      name="templateId"
      control={control}
      render={({ field }) => (
        <TextField
          value={field.value ?? ''}
          onChange={(event) => onChoose(event.target.value)}
          select
          label="Instruction Template"
          fullWidth
          disabled={disabled || templates.length === 0}
          helperText="Choosing a template fills the instructions with an example you can adapt."
          slotProps={{
            select: {
              displayEmpty: true,
              renderValue: (value) => templates.find((template) => template.id === value)?.name ?? 'No template',
            },
            inputLabel: { shrink: true },
          }}
        >
          <MenuItem value="">
            <em>No template</em>
          </MenuItem>
          {templates.map((template) => (
            <MenuItem key={template.id} value={template.id}>
              <ListItemText primary={template.name} secondary={template.description} />
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
