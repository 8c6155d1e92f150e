/*
 * The Konva the editor draws with: the core (stage, layers, groups, the custom Shape that draws a wand
 * selection) and the four shapes it uses.
 * `react-konva`'s default entry pulls in every Konva shape and filter, about twice the bytes.
 * A shape added to the editor must be imported here too, or Konva cannot create its node.
 */
import 'konva/lib/shapes/Circle';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Line';
import 'konva/lib/shapes/Rect';

export { Circle, Group, Image, Layer, Line, Rect, Shape, Stage } from 'react-konva/lib/ReactKonvaCore';
