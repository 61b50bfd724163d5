import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.charfilter.MappingCharFilter;
import org.apache.lucene.analysis.charfilter.NormalizeCharMap;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.pattern.PatternTokenizer;
import org.apache.lucene.analysis.snowball.SnowballFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The analyzers of mappings/elasticsearch/settings.json built from Lucene's own classes (the ones Elasticsearch
 * wraps): mapping char filter, pattern tokenizer, lowercase, snowball, asciifolding. Reads "analyzer<TAB>text"
 * lines on stdin and prints the tokens space-separated, one line per input line. Argument: the char filter rules
 * file ("from => to" per line, as sent to Elasticsearch).
 */
public final class AnalyzerPeer {
  public static void main(String[] args) throws Exception {
    NormalizeCharMap.Builder map = new NormalizeCharMap.Builder();
    for (String rule : Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8)) {
      String[] parts = rule.split(" => ", 2);
      if (parts.length == 2) map.add(parts[0], parts[1]);
    }
    NormalizeCharMap charMap = map.build();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null; ) {
      String[] parts = line.split("\t", 2);
      System.out.println(String.join(" ", analyze(parts[0], parts.length > 1 ? parts[1] : "", charMap)));
    }
  }

  private static List<String> analyze(String analyzer, String text, NormalizeCharMap charMap) throws Exception {
    Reader reader = new MappingCharFilter(charMap, new StringReader(text));
    Tokenizer tokenizer = new PatternTokenizer(Pattern.compile("[^\\p{L}\\p{N}]+"), -1);
    tokenizer.setReader(reader);
    TokenStream stream = new LowerCaseFilter(tokenizer);
    if (analyzer.equals("aisle_en")) stream = new SnowballFilter(stream, "English");
    if (analyzer.equals("aisle_sv")) stream = new SnowballFilter(stream, "Swedish");
    if (analyzer.equals("aisle_de")) stream = new SnowballFilter(stream, "German");
    stream = new ASCIIFoldingFilter(stream);
    List<String> tokens = new ArrayList<>();
    CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
    stream.reset();
    while (stream.incrementToken()) tokens.add(term.toString());
    stream.end();
    stream.close();
    return tokens;
  }
}
