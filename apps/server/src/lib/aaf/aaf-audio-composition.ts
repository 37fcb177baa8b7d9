import { randomUUID } from 'node:crypto'
import { AAF_CLASS, AAF_DEFINITION, AAF_PID, WEAK_TARGETS } from './aaf-ids.js'
import {
  type AafObject,
  type AafProperty,
  aafObject,
  data,
  set,
  stream,
  strong,
  vector,
  weak,
} from './aaf-object.js'
import { writeAafFile } from './aaf-storage.js'
import {
  auid,
  i16,
  i64,
  NULL_MOB_ID,
  newMobId,
  rational,
  timeStamp,
  u16,
  u32,
  utf16z,
  version,
} from './aaf-values.js'

// An audio-only composition as an AAF file: one timeline track per named track, each a sequence
// of clips at their places with fillers between them. Each clip's sound is embedded: 16-bit
// mono PCM in the file's own essence data, described by a PCM descriptor on a file source mob,
// and reached through a master mob, as editors expect. The edit rate of every track is the
// sample rate, so a clip's start and length are sample counts.

export interface AafAudioClip {
  name: string
  /** Where the clip starts on its track, in samples. */
  start: number
  /** 16-bit little-endian mono PCM; its sample count is the clip's length. */
  pcm: Buffer
}

export interface AafAudioTrack {
  name: string
  clips: AafAudioClip[]
}

export interface AafAudioComposition {
  name: string
  sampleRate: number
  /** The composition's length in samples; every track is filled to it. */
  length: number
  tracks: AafAudioTrack[]
  product: { company: string; name: string; version: string; id: string }
  at?: Date
}

const BYTES_PER_SAMPLE = 2
const { Component, Mob, MobSlot, TimelineMobSlot } = AAF_PID
const soundKind = () =>
  weak(
    Component.DataDefinition,
    'DataDefinition',
    WEAK_TARGETS.dataDefinitions,
    AAF_PID.DefinitionObject.Identification,
    auid(AAF_DEFINITION.sound),
  )
const length = (units: number) => data(Component.Length, 'Length', i64(units))

function filler(units: number): AafObject {
  return aafObject(AAF_CLASS.Filler, [soundKind(), length(units)])
}

function sourceClip(units: number, mobId: Buffer, slotId: number, startTime: number): AafObject {
  return aafObject(AAF_CLASS.SourceClip, [
    soundKind(),
    length(units),
    data(AAF_PID.SourceReference.SourceID, 'SourceID', mobId),
    data(AAF_PID.SourceReference.SourceMobSlotID, 'SourceMobSlotID', u32(slotId)),
    data(AAF_PID.SourceClip.StartTime, 'StartTime', i64(startTime)),
  ])
}

function timelineSlot(slotId: number, name: string, editRate: number, segment: AafObject): AafObject {
  return aafObject(AAF_CLASS.TimelineMobSlot, [
    data(MobSlot.SlotID, 'SlotID', u32(slotId)),
    data(MobSlot.SlotName, 'SlotName', utf16z(name)),
    strong(MobSlot.Segment, 'Segment', segment),
    data(MobSlot.PhysicalTrackNumber, 'PhysicalTrackNumber', u32(slotId)),
    data(TimelineMobSlot.EditRate, 'EditRate', rational(editRate, 1)),
    data(TimelineMobSlot.Origin, 'Origin', i64(0)),
  ])
}

function mob(
  classId: string,
  mobId: Buffer,
  name: string,
  slots: AafObject[],
  at: Buffer,
  extra: AafProperty[] = [],
): AafObject {
  return aafObject(classId, [
    data(Mob.MobID, 'MobID', mobId),
    data(Mob.Name, 'Name', utf16z(name)),
    vector(Mob.Slots, 'Slots', slots),
    data(Mob.LastModified, 'LastModified', at),
    data(Mob.CreationTime, 'CreationTime', at),
    ...extra,
  ])
}

function pcmDescriptor(rate: number, samples: number): AafObject {
  const { FileDescriptor, SoundDescriptor, PCMDescriptor } = AAF_PID
  return aafObject(AAF_CLASS.PCMDescriptor, [
    data(FileDescriptor.SampleRate, 'SampleRate', rational(rate, 1)),
    data(FileDescriptor.Length, 'Length', i64(samples)),
    weak(
      FileDescriptor.ContainerFormat,
      'ContainerFormat',
      WEAK_TARGETS.containerDefinitions,
      AAF_PID.DefinitionObject.Identification,
      auid(AAF_DEFINITION.containerAaf),
    ),
    data(SoundDescriptor.AudioSamplingRate, 'AudioSamplingRate', rational(rate, 1)),
    data(SoundDescriptor.QuantizationBits, 'QuantizationBits', u32(16)),
    data(SoundDescriptor.Channels, 'Channels', u32(1)),
    data(PCMDescriptor.BlockAlign, 'BlockAlign', u16(BYTES_PER_SAMPLE)),
    data(PCMDescriptor.AverageBPS, 'AverageBPS', u32(rate * BYTES_PER_SAMPLE)),
  ])
}

/** One clip's essence: the file source mob holding the PCM, the master mob editors link to. */
function clipMobs(clip: AafAudioClip, rate: number, at: Buffer) {
  const samples = clip.pcm.length / BYTES_PER_SAMPLE
  const fileMobId = newMobId()
  const masterMobId = newMobId()
  const fileMob = mob(
    AAF_CLASS.SourceMob,
    fileMobId,
    clip.name,
    [timelineSlot(1, clip.name, rate, sourceClip(samples, NULL_MOB_ID, 0, 0))],
    at,
    [strong(AAF_PID.SourceMob.EssenceDescription, 'EssenceDescription', pcmDescriptor(rate, samples))],
  )
  const masterMob = mob(
    AAF_CLASS.MasterMob,
    masterMobId,
    clip.name,
    [timelineSlot(1, clip.name, rate, sourceClip(samples, fileMobId, 1, 0))],
    at,
  )
  const essence = aafObject(AAF_CLASS.EssenceData, [
    data(AAF_PID.EssenceData.MobID, 'MobID', fileMobId),
    stream(AAF_PID.EssenceData.Data, 'Data', clip.pcm),
  ])
  return { fileMob, masterMob, masterMobId, samples, essence }
}

function definition(classId: string, id: string, name: string): AafObject {
  const { Identification, Name } = AAF_PID.DefinitionObject
  return aafObject(classId, [
    data(Identification, 'Identification', auid(id)),
    data(Name, 'Name', utf16z(name)),
  ])
}

function header(composition: AafAudioComposition, mobs: AafObject[], essence: AafObject[], at: Buffer) {
  const { Header, Identification: Id, Dictionary, ContentStorage } = AAF_PID
  const { product } = composition
  const identification = aafObject(AAF_CLASS.Identification, [
    data(Id.CompanyName, 'CompanyName', utf16z(product.company)),
    data(Id.ProductName, 'ProductName', utf16z(product.name)),
    data(Id.ProductVersionString, 'ProductVersionString', utf16z(product.version)),
    data(Id.ProductID, 'ProductID', auid(product.id)),
    data(Id.Date, 'Date', at),
    data(Id.Platform, 'Platform', utf16z(process.platform)),
    data(Id.GenerationAUID, 'GenerationAUID', auid(randomUUID())),
  ])
  const dictionary = aafObject(AAF_CLASS.Dictionary, [
    set(
      Dictionary.DataDefinitions,
      'DataDefinitions',
      [definition(AAF_CLASS.DataDefinition, AAF_DEFINITION.sound, 'Sound')],
      AAF_PID.DefinitionObject.Identification,
    ),
    set(
      Dictionary.ContainerDefinitions,
      'ContainerDefinitions',
      [definition(AAF_CLASS.ContainerDefinition, AAF_DEFINITION.containerAaf, 'AAF')],
      AAF_PID.DefinitionObject.Identification,
    ),
  ])
  const content = aafObject(AAF_CLASS.ContentStorage, [
    set(ContentStorage.Mobs, 'Mobs', mobs, Mob.MobID),
    set(ContentStorage.EssenceData, 'EssenceData', essence, AAF_PID.EssenceData.MobID),
  ])
  return aafObject(AAF_CLASS.Header, [
    data(Header.ByteOrder, 'ByteOrder', i16(0x4949)),
    data(Header.LastModified, 'LastModified', at),
    strong(Header.Content, 'Content', content),
    strong(Header.Dictionary, 'Dictionary', dictionary),
    data(Header.Version, 'Version', version(1, 1)),
    vector(Header.IdentificationList, 'IdentificationList', [identification]),
    data(Header.ObjectModelVersion, 'ObjectModelVersion', u32(1)),
    data(Header.OperationalPattern, 'OperationalPattern', auid(AAF_DEFINITION.editProtocol)),
  ])
}

/** The composition as the bytes of an AAF file. */
export function writeAudioCompositionAaf(composition: AafAudioComposition): Buffer {
  const at = timeStamp(composition.at ?? new Date())
  const rate = composition.sampleRate
  const mobs: AafObject[] = []
  const essence: AafObject[] = []
  const slots = composition.tracks.map((track, index) => {
    const components: AafObject[] = []
    let cursor = 0
    for (const clip of [...track.clips].sort((a, b) => a.start - b.start)) {
      if (clip.start < cursor) throw new Error(`clips overlap on track ${track.name}`)
      if (clip.pcm.length % BYTES_PER_SAMPLE) throw new Error('clip PCM is not whole 16-bit samples')
      if (clip.start > cursor) components.push(filler(clip.start - cursor))
      const made = clipMobs(clip, rate, at)
      mobs.push(made.fileMob, made.masterMob)
      essence.push(made.essence)
      components.push(sourceClip(made.samples, made.masterMobId, 1, 0))
      cursor = clip.start + made.samples
    }
    if (composition.length > cursor) components.push(filler(composition.length - cursor))
    const sequence = aafObject(AAF_CLASS.Sequence, [
      soundKind(),
      length(Math.max(cursor, composition.length)),
      vector(AAF_PID.Sequence.Components, 'Components', components),
    ])
    return timelineSlot(index + 1, track.name, rate, sequence)
  })
  const usage = data(Mob.UsageCode, 'UsageCode', auid(AAF_DEFINITION.usageTopLevel))
  mobs.unshift(mob(AAF_CLASS.CompositionMob, newMobId(), composition.name, slots, at, [usage]))
  const root = aafObject(AAF_CLASS.Root, [
    strong(AAF_PID.Root.MetaDictionary, 'MetaDictionary', aafObject(AAF_CLASS.MetaDictionary, [])),
    strong(AAF_PID.Root.Header, 'Header', header(composition, mobs, essence, at)),
  ])
  return writeAafFile(root)
}
