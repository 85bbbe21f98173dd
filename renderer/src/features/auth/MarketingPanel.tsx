import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import logoDark from '../../assets/logo-dark.svg';

const FEATURES = [
  {
    icon: <PhoneInTalkOutlinedIcon />,
    title: 'Agents that answer every call',
    text: 'Give each agent a persona, greeting, instructions and a voice, and link it to your number.',
  },
  {
    icon: <CampaignOutlinedIcon />,
    title: 'Outbound calling campaigns',
    text: 'Import contacts, set calling hours and let your agent work through the list.',
  },
  {
    icon: <InsightsOutlinedIcon />,
    title: 'Every call, understood',
    text: 'Transcripts, summaries and sentiment analysis for each conversation.',
  },
  {
    icon: <ReceiptLongOutlinedIcon />,
    title: 'Simple plans',
    text: 'Minutes included every month, clear per-minute overage, billed in NZD.',
  },
];

/** The marketing side of the sign-in page. */
export function MarketingPanel() {
  return (
    <Box
      component="aside"
      sx={{
        color: '#F8FAFC',
        background: 'linear-gradient(150deg, #14245E 0%, #1E3FAE 55%, #0E7C74 100%)',
        p: { xs: 4, md: 6, lg: 8 },
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        gap: 6,
        minHeight: { md: '100vh' },
      }}
    >
      <Box component="img" src={logoDark} alt="Parley" sx={{ height: 36, alignSelf: 'flex-start' }} />
      <Box sx={{ maxWidth: 520 }}>
        <Typography
          variant="h3"
          component="p"
          sx={{ fontWeight: 700, letterSpacing: '-0.03em', mb: 2, fontSize: { xs: 28, md: 40 } }}
        >
          AI voice agents on your phone lines
        </Typography>
        <Typography sx={{ opacity: 0.85, fontSize: 17, mb: 5 }}>
          Answer inbound calls around the clock and run outbound campaigns with agents that sound like your best people.
        </Typography>
        <Stack spacing={3} sx={{ display: { xs: 'none', md: 'flex' } }}>
          {FEATURES.map((feature) => (
            <Stack key={feature.title} direction="row" spacing={2}>
              <Box
                sx={{
                  width: 40,
                  height: 40,
                  flexShrink: 0,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'rgba(255,255,255,0.12)',
                }}
              >
                {feature.icon}
              </Box>
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{feature.title}</Typography>
                <Typography variant="body2" sx={{ opacity: 0.8 }}>
                  {feature.text}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Stack>
      </Box>
      <Typography variant="body2" sx={{ opacity: 0.7, display: { xs: 'none', md: 'block' } }}>
        Built for teams whose customers call.
      </Typography>
    </Box>
  );
}
