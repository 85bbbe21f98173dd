/**
 * The emulator's recording of a simulated call, as the vendor sends it: audio/mpeg. It is two seconds of real,
 * playable MPEG-1 Layer III — silent frames (mono, 44.1 kHz, 128 kbit/s), since encoding speech needs an encoder the
 * sandbox does not carry. Every frame is a valid header followed by zeroed side information and data, which any
 * decoder plays as silence.
 */
const SAMPLE_RATE = 44_100;
const BITRATE = 128_000;
const SAMPLES_PER_FRAME = 1_152;
const SECONDS = 2;
/** Sync word, MPEG-1, Layer III, no CRC | 128 kbit/s, 44.1 kHz, no padding | mono, original. */
const FRAME_HEADER = [0xff, 0xfb, 0x90, 0xc4];
const FRAME_BYTES = Math.floor((144 * BITRATE) / SAMPLE_RATE);
const FRAMES = Math.ceil((SECONDS * SAMPLE_RATE) / SAMPLES_PER_FRAME);

export const CONVERSATION_AUDIO_TYPE = 'audio/mpeg';

export function conversationAudio(): Buffer {
  const audio = Buffer.alloc(FRAMES * FRAME_BYTES);
  for (let frame = 0; frame < FRAMES; frame += 1) audio.set(FRAME_HEADER, frame * FRAME_BYTES);
  return audio;
}
