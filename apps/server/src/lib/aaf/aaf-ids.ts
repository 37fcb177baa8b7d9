// The identifiers of the AAF object model that this writer uses, in one place: class ids (also
// the class id of each object's storage), the local property ids (pids) of the stored format,
// the stored forms of the property streams, and the baseline definitions (data kinds, the
// container of embedded essence). All values are the published AAF baseline ones; ids are
// written as GUID strings and stored in Microsoft's GUID byte order (the first three fields
// little-endian).

/** The class id of the root storage of an AAF file with 512-byte sectors (its file signature). */
export const AAF_SIGNATURE_512 = '42464141-000d-4d4f-060e-2b34010101ff'

export const AAF_CLASS = {
  Root: 'b3b398a5-1c90-11d4-8053-080036210804',
  MetaDictionary: '0d010101-0225-0000-060e-2b3402060101',
  Header: '0d010101-0101-2f00-060e-2b3402060101',
  Identification: '0d010101-0101-3000-060e-2b3402060101',
  Dictionary: '0d010101-0101-2200-060e-2b3402060101',
  DataDefinition: '0d010101-0101-1b00-060e-2b3402060101',
  ContainerDefinition: '0d010101-0101-2000-060e-2b3402060101',
  ContentStorage: '0d010101-0101-1800-060e-2b3402060101',
  CompositionMob: '0d010101-0101-3500-060e-2b3402060101',
  MasterMob: '0d010101-0101-3600-060e-2b3402060101',
  SourceMob: '0d010101-0101-3700-060e-2b3402060101',
  TimelineMobSlot: '0d010101-0101-3b00-060e-2b3402060101',
  Sequence: '0d010101-0101-0f00-060e-2b3402060101',
  SourceClip: '0d010101-0101-1100-060e-2b3402060101',
  Filler: '0d010101-0101-0900-060e-2b3402060101',
  PCMDescriptor: '0d010101-0101-4800-060e-2b3402060101',
  EssenceData: '0d010101-0101-2300-060e-2b3402060101',
} as const

/** Local property ids, by the class that declares them. */
export const AAF_PID = {
  Root: { MetaDictionary: 0x0001, Header: 0x0002 },
  Header: {
    ByteOrder: 0x3b01,
    LastModified: 0x3b02,
    Content: 0x3b03,
    Dictionary: 0x3b04,
    Version: 0x3b05,
    IdentificationList: 0x3b06,
    ObjectModelVersion: 0x3b07,
    OperationalPattern: 0x3b09,
  },
  Identification: {
    CompanyName: 0x3c01,
    ProductName: 0x3c02,
    ProductVersionString: 0x3c04,
    ProductID: 0x3c05,
    Date: 0x3c06,
    Platform: 0x3c08,
    GenerationAUID: 0x3c09,
  },
  DefinitionObject: { Identification: 0x1b01, Name: 0x1b02, Description: 0x1b03 },
  Dictionary: { DataDefinitions: 0x2605, ContainerDefinitions: 0x2608 },
  ContentStorage: { Mobs: 0x1901, EssenceData: 0x1902 },
  Mob: {
    MobID: 0x4401,
    Name: 0x4402,
    Slots: 0x4403,
    LastModified: 0x4404,
    CreationTime: 0x4405,
    UsageCode: 0x4408,
  },
  SourceMob: { EssenceDescription: 0x4701 },
  MobSlot: { SlotID: 0x4801, SlotName: 0x4802, Segment: 0x4803, PhysicalTrackNumber: 0x4804 },
  TimelineMobSlot: { EditRate: 0x4b01, Origin: 0x4b02 },
  Component: { DataDefinition: 0x0201, Length: 0x0202 },
  Sequence: { Components: 0x1001 },
  SourceReference: { SourceID: 0x1101, SourceMobSlotID: 0x1102 },
  SourceClip: { StartTime: 0x1201 },
  FileDescriptor: { SampleRate: 0x3001, Length: 0x3002, ContainerFormat: 0x3004 },
  SoundDescriptor: { QuantizationBits: 0x3d01, AudioSamplingRate: 0x3d03, Channels: 0x3d07 },
  PCMDescriptor: { AverageBPS: 0x3d09, BlockAlign: 0x3d0a },
  EssenceData: { MobID: 0x2701, Data: 0x2702 },
} as const

/** How a property's value is stored (the second field of each entry of a properties stream). */
export const STORED_FORM = {
  data: 0x82,
  dataStream: 0x42,
  strongReference: 0x22,
  strongReferenceVector: 0x32,
  strongReferenceSet: 0x3a,
  weakReference: 0x02,
} as const

/** The properties stream's byte-order mark ('L', little-endian) and format version. */
export const PROPERTIES_BYTE_ORDER = 0x4c
export const PROPERTIES_VERSION = 0x20
/** The byte that starts a stream property's value (the stream's byte order, unspecified). */
export const STREAM_BYTE_ORDER_UNSPECIFIED = 0x55

export const AAF_DEFINITION = {
  /** The data kind of sound. */
  sound: '01030202-0200-0000-060e-2b3404010101',
  /** Essence embedded in the AAF file itself. */
  containerAaf: '4313b571-d8ba-11d2-809b-006008143e6f',
  /** The usage that marks a composition as the top of its project (what importers open). */
  usageTopLevel: '0d010102-0101-0700-060e-2b3404010101',
  /** The edit protocol operational pattern. */
  editProtocol: '0d011201-0100-0000-060e-2b3404010105',
} as const

/** The fixed start of a basic SMPTE UMID whose material number is a UUID (the mob id form). */
export const UMID_LABEL = [0x06, 0x0a, 0x2b, 0x34, 0x01, 0x01, 0x01, 0x05, 0x01, 0x01, 0x0f, 0x20] as const
export const UMID_BASIC_LENGTH = 0x13

/** Where weak references point: the pid path from the root object to the target set. */
export const WEAK_TARGETS = {
  dataDefinitions: [AAF_PID.Root.Header, AAF_PID.Header.Dictionary, AAF_PID.Dictionary.DataDefinitions],
  containerDefinitions: [
    AAF_PID.Root.Header,
    AAF_PID.Header.Dictionary,
    AAF_PID.Dictionary.ContainerDefinitions,
  ],
} as const
