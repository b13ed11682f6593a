// phosphor: every weight — the plugin in vite.config.ts keeps all six weights of the icons
// imported from @phosphor-icons/react/dist/csr/ in this file: a project's icon is drawn at the
// weight its owner chose (projects.icon_weight). None of them but Folder (the default) is drawn
// elsewhere in the app, so no other screen carries their extra weights.
import type { Icon } from '@phosphor-icons/react'
import { Folder } from '@phosphor-icons/react/dist/csr/Folder'

/**
 * The project icon picker's catalogue (001 §2: about 20 categories, six
 * weights). Each icon is its own small chunk, loaded when a project uses it
 * or the picker opens; Folder, the default, is always there.
 */
export const ICON_CATEGORIES: readonly { name: string; icons: readonly string[] }[] = [
  { name: 'Files', icons: ['Folder', 'FolderStar', 'Package', 'Files'] },
  { name: 'Work', icons: ['BriefcaseMetal', 'Buildings', 'Presentation', 'ChartBar'] },
  { name: 'Home', icons: ['HouseLine', 'Couch', 'Bed', 'Wrench'] },
  { name: 'Ideas', icons: ['Lightbulb', 'PuzzlePiece', 'Rocket', 'Crosshair'] },
  { name: 'People', icons: ['User', 'Users', 'UsersFour', 'Baby'] },
  { name: 'Learning', icons: ['GraduationCap', 'BookBookmark', 'Books', 'Student'] },
  { name: 'Writing', icons: ['Pencil', 'PencilLine', 'ChatCircle', 'Envelope'] },
  { name: 'Money', icons: ['Wallet', 'Coins', 'Bank', 'PiggyBank'] },
  { name: 'Health', icons: ['Heartbeat', 'FirstAid', 'Pill', 'HeartStraight'] },
  { name: 'Fitness', icons: ['Barbell', 'Bicycle', 'PersonSimpleRun', 'MedalMilitary'] },
  { name: 'Food', icons: ['ForkKnife', 'CoffeeBean', 'CookingPot', 'Cake'] },
  { name: 'Shopping', icons: ['ShoppingCart', 'Basket', 'Storefront', 'ShoppingBag'] },
  { name: 'Travel', icons: ['Airplane', 'Car', 'MapTrifold', 'Globe'] },
  { name: 'Outdoors', icons: ['Tent', 'Mountains', 'Tree', 'Sun'] },
  { name: 'Tech', icons: ['CodeSimple', 'Laptop', 'Cpu', 'BugBeetle'] },
  { name: 'Media', icons: ['MusicNotes', 'Camera', 'FilmSlate', 'GameController'] },
  { name: 'Art', icons: ['PaintBrush', 'PaintBucket', 'Flower', 'Leaf'] },
  { name: 'Pets', icons: ['Dog', 'Cat', 'PawPrint', 'Fish'] },
  { name: 'Time', icons: ['Calendar', 'Watch', 'Alarm', 'Hourglass'] },
  { name: 'Celebrate', icons: ['Medal', 'FlagBanner', 'Gift', 'Confetti'] },
]

const LOADERS: Record<string, () => Promise<Icon>> = {
  Folder: () => Promise.resolve(Folder),
  FolderStar: () => import('@phosphor-icons/react/dist/csr/FolderStar').then((m) => m.FolderStar),
  Package: () => import('@phosphor-icons/react/dist/csr/Package').then((m) => m.Package),
  Files: () => import('@phosphor-icons/react/dist/csr/Files').then((m) => m.Files),
  BriefcaseMetal: () => import('@phosphor-icons/react/dist/csr/BriefcaseMetal').then((m) => m.BriefcaseMetal),
  Buildings: () => import('@phosphor-icons/react/dist/csr/Buildings').then((m) => m.Buildings),
  Presentation: () => import('@phosphor-icons/react/dist/csr/Presentation').then((m) => m.Presentation),
  ChartBar: () => import('@phosphor-icons/react/dist/csr/ChartBar').then((m) => m.ChartBar),
  HouseLine: () => import('@phosphor-icons/react/dist/csr/HouseLine').then((m) => m.HouseLine),
  Couch: () => import('@phosphor-icons/react/dist/csr/Couch').then((m) => m.Couch),
  Bed: () => import('@phosphor-icons/react/dist/csr/Bed').then((m) => m.Bed),
  Wrench: () => import('@phosphor-icons/react/dist/csr/Wrench').then((m) => m.Wrench),
  Lightbulb: () => import('@phosphor-icons/react/dist/csr/Lightbulb').then((m) => m.Lightbulb),
  PuzzlePiece: () => import('@phosphor-icons/react/dist/csr/PuzzlePiece').then((m) => m.PuzzlePiece),
  Rocket: () => import('@phosphor-icons/react/dist/csr/Rocket').then((m) => m.Rocket),
  Crosshair: () => import('@phosphor-icons/react/dist/csr/Crosshair').then((m) => m.Crosshair),
  User: () => import('@phosphor-icons/react/dist/csr/User').then((m) => m.User),
  Users: () => import('@phosphor-icons/react/dist/csr/Users').then((m) => m.Users),
  UsersFour: () => import('@phosphor-icons/react/dist/csr/UsersFour').then((m) => m.UsersFour),
  Baby: () => import('@phosphor-icons/react/dist/csr/Baby').then((m) => m.Baby),
  GraduationCap: () => import('@phosphor-icons/react/dist/csr/GraduationCap').then((m) => m.GraduationCap),
  BookBookmark: () => import('@phosphor-icons/react/dist/csr/BookBookmark').then((m) => m.BookBookmark),
  Books: () => import('@phosphor-icons/react/dist/csr/Books').then((m) => m.Books),
  Student: () => import('@phosphor-icons/react/dist/csr/Student').then((m) => m.Student),
  Pencil: () => import('@phosphor-icons/react/dist/csr/Pencil').then((m) => m.Pencil),
  PencilLine: () => import('@phosphor-icons/react/dist/csr/PencilLine').then((m) => m.PencilLine),
  ChatCircle: () => import('@phosphor-icons/react/dist/csr/ChatCircle').then((m) => m.ChatCircle),
  Envelope: () => import('@phosphor-icons/react/dist/csr/Envelope').then((m) => m.Envelope),
  Wallet: () => import('@phosphor-icons/react/dist/csr/Wallet').then((m) => m.Wallet),
  Coins: () => import('@phosphor-icons/react/dist/csr/Coins').then((m) => m.Coins),
  Bank: () => import('@phosphor-icons/react/dist/csr/Bank').then((m) => m.Bank),
  PiggyBank: () => import('@phosphor-icons/react/dist/csr/PiggyBank').then((m) => m.PiggyBank),
  Heartbeat: () => import('@phosphor-icons/react/dist/csr/Heartbeat').then((m) => m.Heartbeat),
  FirstAid: () => import('@phosphor-icons/react/dist/csr/FirstAid').then((m) => m.FirstAid),
  Pill: () => import('@phosphor-icons/react/dist/csr/Pill').then((m) => m.Pill),
  HeartStraight: () => import('@phosphor-icons/react/dist/csr/HeartStraight').then((m) => m.HeartStraight),
  Barbell: () => import('@phosphor-icons/react/dist/csr/Barbell').then((m) => m.Barbell),
  Bicycle: () => import('@phosphor-icons/react/dist/csr/Bicycle').then((m) => m.Bicycle),
  PersonSimpleRun: () => import('@phosphor-icons/react/dist/csr/PersonSimpleRun').then((m) => m.PersonSimpleRun),
  MedalMilitary: () => import('@phosphor-icons/react/dist/csr/MedalMilitary').then((m) => m.MedalMilitary),
  ForkKnife: () => import('@phosphor-icons/react/dist/csr/ForkKnife').then((m) => m.ForkKnife),
  CoffeeBean: () => import('@phosphor-icons/react/dist/csr/CoffeeBean').then((m) => m.CoffeeBean),
  CookingPot: () => import('@phosphor-icons/react/dist/csr/CookingPot').then((m) => m.CookingPot),
  Cake: () => import('@phosphor-icons/react/dist/csr/Cake').then((m) => m.Cake),
  ShoppingCart: () => import('@phosphor-icons/react/dist/csr/ShoppingCart').then((m) => m.ShoppingCart),
  Basket: () => import('@phosphor-icons/react/dist/csr/Basket').then((m) => m.Basket),
  Storefront: () => import('@phosphor-icons/react/dist/csr/Storefront').then((m) => m.Storefront),
  ShoppingBag: () => import('@phosphor-icons/react/dist/csr/ShoppingBag').then((m) => m.ShoppingBag),
  Airplane: () => import('@phosphor-icons/react/dist/csr/Airplane').then((m) => m.Airplane),
  Car: () => import('@phosphor-icons/react/dist/csr/Car').then((m) => m.Car),
  MapTrifold: () => import('@phosphor-icons/react/dist/csr/MapTrifold').then((m) => m.MapTrifold),
  Globe: () => import('@phosphor-icons/react/dist/csr/Globe').then((m) => m.Globe),
  Tent: () => import('@phosphor-icons/react/dist/csr/Tent').then((m) => m.Tent),
  Mountains: () => import('@phosphor-icons/react/dist/csr/Mountains').then((m) => m.Mountains),
  Tree: () => import('@phosphor-icons/react/dist/csr/Tree').then((m) => m.Tree),
  Sun: () => import('@phosphor-icons/react/dist/csr/Sun').then((m) => m.Sun),
  CodeSimple: () => import('@phosphor-icons/react/dist/csr/CodeSimple').then((m) => m.CodeSimple),
  Laptop: () => import('@phosphor-icons/react/dist/csr/Laptop').then((m) => m.Laptop),
  Cpu: () => import('@phosphor-icons/react/dist/csr/Cpu').then((m) => m.Cpu),
  BugBeetle: () => import('@phosphor-icons/react/dist/csr/BugBeetle').then((m) => m.BugBeetle),
  MusicNotes: () => import('@phosphor-icons/react/dist/csr/MusicNotes').then((m) => m.MusicNotes),
  Camera: () => import('@phosphor-icons/react/dist/csr/Camera').then((m) => m.Camera),
  FilmSlate: () => import('@phosphor-icons/react/dist/csr/FilmSlate').then((m) => m.FilmSlate),
  GameController: () => import('@phosphor-icons/react/dist/csr/GameController').then((m) => m.GameController),
  PaintBrush: () => import('@phosphor-icons/react/dist/csr/PaintBrush').then((m) => m.PaintBrush),
  PaintBucket: () => import('@phosphor-icons/react/dist/csr/PaintBucket').then((m) => m.PaintBucket),
  Flower: () => import('@phosphor-icons/react/dist/csr/Flower').then((m) => m.Flower),
  Leaf: () => import('@phosphor-icons/react/dist/csr/Leaf').then((m) => m.Leaf),
  Dog: () => import('@phosphor-icons/react/dist/csr/Dog').then((m) => m.Dog),
  Cat: () => import('@phosphor-icons/react/dist/csr/Cat').then((m) => m.Cat),
  PawPrint: () => import('@phosphor-icons/react/dist/csr/PawPrint').then((m) => m.PawPrint),
  Fish: () => import('@phosphor-icons/react/dist/csr/Fish').then((m) => m.Fish),
  Calendar: () => import('@phosphor-icons/react/dist/csr/Calendar').then((m) => m.Calendar),
  Watch: () => import('@phosphor-icons/react/dist/csr/Watch').then((m) => m.Watch),
  Alarm: () => import('@phosphor-icons/react/dist/csr/Alarm').then((m) => m.Alarm),
  Hourglass: () => import('@phosphor-icons/react/dist/csr/Hourglass').then((m) => m.Hourglass),
  Medal: () => import('@phosphor-icons/react/dist/csr/Medal').then((m) => m.Medal),
  FlagBanner: () => import('@phosphor-icons/react/dist/csr/FlagBanner').then((m) => m.FlagBanner),
  Gift: () => import('@phosphor-icons/react/dist/csr/Gift').then((m) => m.Gift),
  Confetti: () => import('@phosphor-icons/react/dist/csr/Confetti').then((m) => m.Confetti),
}

const loaded = new Map<string, Icon>([['Folder', Folder]])

/** The icon if its code is here; undefined otherwise (then loadIcon). */
export function iconNow(name: string): Icon | undefined {
  return loaded.get(name)
}

/** Loads an icon of the catalogue; Folder for a name it does not have. */
export async function loadIcon(name: string): Promise<Icon> {
  const load = LOADERS[name]
  if (!load) return Folder
  const icon = await load()
  loaded.set(name, icon)
  return icon
}

export function isKnownIcon(name: string): boolean {
  return name in LOADERS
}
